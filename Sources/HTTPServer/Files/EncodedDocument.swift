import HTTP1

/// A document encoded once (a manifest, a key set, a catalog listing) and sent as it is on every request,
/// in one of two representations: its identity bytes, or the same bytes gzip-coded, chosen by
/// `Accept-Encoding` (RFC 9110 §12.5.3). Each has its own strong ETag, both carry `Vary: Accept-Encoding`,
/// and preconditions and ranges apply to the one sent (RFC 9110 §8.8.3.3, §14.1).
public struct EncodedDocument: Sendable {
    /// Documents smaller than this are sent as they are: gzip's 18 bytes of framing would eat the gain.
    public static let compressionThreshold = 256

    let identity: Representation
    let gzip: GzipVariant?
    let gzipEntityTag: EntityTag

    /// - Parameters:
    ///   - compress: offer a gzip representation (JSON and other text); never for bytes already compressed.
    ///   - worker: where a large body is compressed (see `GzipVariant`); nil compresses it here and now.
    public init(
        body: [UInt8], contentType: String, entityTag: EntityTag, lastModified: Int64, cacheControl: String?,
        compress: Bool, worker: LowPriorityWorker? = .shared
    ) {
        let offered = compress && body.count >= Self.compressionThreshold
        identity = Representation(
            content: .bytes(body), contentType: contentType, entityTag: entityTag, lastModified: lastModified,
            cacheControl: cacheControl, vary: offered ? "Accept-Encoding" : nil)
        gzip = offered ? GzipVariant(of: body, worker: worker) : nil
        // The identity tag with a suffix: opaque-tag characters stay valid, and the two never match.
        gzipEntityTag = EntityTag(opaqueTag: entityTag.opaqueTag + "-gz", isWeak: entityTag.isWeak)!
    }

    /// The identity representation's validator: names the document's content.
    public var entityTag: EntityTag { identity.entityTag }

    /// The identity bytes.
    public var body: [UInt8] {
        guard case .bytes(let bytes) = identity.content else { return [] }
        return bytes
    }

    /// The representation for a request with these `Accept-Encoding` values.
    public func representation(acceptEncoding: [String]) -> Representation {
        // Asked in this order: a request that does not prefer gzip never starts a compression.
        guard let gzip, AcceptEncoding.prefersGzip(acceptEncoding), let compressed = gzip.bytes else { return identity }
        var coded = identity
        coded.content = .bytes(compressed)
        coded.entityTag = gzipEntityTag
        coded.contentEncoding = "gzip"
        return coded
    }

    public func respond(to head: HTTPRequestHead, with responder: RepresentationResponder) -> HTTPResponse {
        responder.respond(to: head, with: representation(acceptEncoding: head.headers.values("accept-encoding")))
    }
}
