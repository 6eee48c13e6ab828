import HTTP1

/// One representation of a resource, as `RepresentationResponder` serves it: its content (a file or bytes
/// in memory) plus the metadata that describes it (RFC 9110 §8: content type and coding, validators,
/// caching).
public struct Representation: Sendable {
    public var content: RepresentationContent
    public var contentType: String
    /// Sent as `ETag`, compared by If-Match / If-None-Match / If-Range. Each content coding of a resource
    /// is its own representation with its own strong tag (RFC 9110 §8.8.3.3).
    public var entityTag: EntityTag
    /// Whole seconds since 1970, sent as `Last-Modified`.
    public let lastModified: Int64
    /// `lastModified` as the HTTP-date sent (RFC 9110 §8.8.2), formatted once: an open file brings its
    /// own (`OpenFile.modificationDate`), made once for all the responses that send it.
    public let lastModifiedText: String
    /// Sent as `Cache-Control` when non-nil.
    public var cacheControl: String?
    /// Sent as `Content-Encoding` when non-nil ("gzip"); ranges then count the coded bytes (RFC 9110 §14.1).
    public var contentEncoding: String?
    /// Sent as `Vary` when non-nil, on 200, 206 and 304 alike (RFC 9110 §12.5.5, §15.4.5).
    public var vary: String?
    /// Sent as they are on 200, 206 and 304 alike: fields a route fixes for what it serves, such as
    /// `X-Content-Type-Options`, `Content-Security-Policy` or `Content-Disposition`. A route passes
    /// constants, so a response copies them without building a string. On a 304 they let a cache that
    /// stored the response without them update it (RFC 9111 §4.3.4).
    public var fixedFields = HTTPHeaders()

    public init(
        content: RepresentationContent, contentType: String, entityTag: EntityTag, lastModified: Int64,
        cacheControl: String? = nil, contentEncoding: String? = nil, vary: String? = nil
    ) {
        self.init(
            content: content, contentType: contentType, entityTag: entityTag, lastModified: lastModified,
            lastModifiedText: HTTPDate.format(lastModified), cacheControl: cacheControl, contentEncoding: contentEncoding,
            vary: vary)
    }

    /// A file's bytes as they are on disk, last modified when the file was.
    public init(file: OpenFile, contentType: String, entityTag: EntityTag, cacheControl: String? = nil) {
        self.init(
            content: .file(file), contentType: contentType, entityTag: entityTag, lastModified: file.modificationTime,
            lastModifiedText: file.modificationDate, cacheControl: cacheControl, contentEncoding: nil, vary: nil)
    }

    private init(
        content: RepresentationContent, contentType: String, entityTag: EntityTag, lastModified: Int64,
        lastModifiedText: String, cacheControl: String?, contentEncoding: String?, vary: String?
    ) {
        self.content = content
        self.contentType = contentType
        self.entityTag = entityTag
        self.lastModified = lastModified
        self.lastModifiedText = lastModifiedText
        self.cacheControl = cacheControl
        self.contentEncoding = contentEncoding
        self.vary = vary
    }

    /// A static file on disk: content type from the path's extension, Last-Modified from the file's
    /// mtime and a strong ETag derived from mtime and size.
    public static func staticFile(
        _ file: OpenFile, path: String, cacheControl: String? = nil
    ) -> Representation {
        Representation(
            file: file, contentType: MediaTypes.forPath(path), entityTag: file.staticEntityTag, cacheControl: cacheControl)
    }

    /// `"<hex mtime>-<hex size>"` (the nginx scheme; `OpenFile.staticEntityTag` is this, made at open).
    /// Strong, which is a small bet: a file rewritten within the same second to the same size would keep
    /// its tag. Static files are deployed, not edited
    /// in place, and a strong tag is what lets download clients resume with If-Range (§13.1.5).
    public static func staticEntityTag(modificationTime: Int64, size: Int64) -> EntityTag {
        // Written straight into the tag's storage (static files compute it for every response); the
        // same text as `String(_:radix: 16)` of each, joined by a dash.
        let mtime = UInt64(bitPattern: modificationTime)
        let length = UInt64(bitPattern: size)
        let capacity = ASCIIDigits.count(mtime, radix: 16) + 1 + ASCIIDigits.count(length, radix: 16)
        let tag = String(unsafeUninitializedCapacity: capacity) { out in
            let dash = ASCIIDigits.write(mtime, radix: 16, into: out, at: 0)
            out[dash] = UInt8(ascii: "-")
            return ASCIIDigits.write(length, radix: 16, into: out, at: dash + 1)
        }
        // Hex digits and a dash are always valid etagc.
        return EntityTag(validatedOpaqueTag: tag, isWeak: false)
    }
}
