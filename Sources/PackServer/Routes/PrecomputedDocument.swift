import HTTPServer

/// A document encoded once, when its release is loaded, and sent as it is on every request: GET and HEAD
/// with its validators, 304 for a matching If-None-Match. Request handlers only pick one; they never encode.
///
/// This is the one place a second representation belongs: a gzip body made here at load time, chosen in
/// `response(to:)` by Accept-Encoding (with `Vary: Accept-Encoding` and its own ETag).
struct PrecomputedDocument: Sendable {
    let body: [UInt8]
    let contentType: String
    let entityTag: EntityTag
    /// Seconds since 1970.
    let lastModified: Int64
    let cacheControl: String

    func response(to request: HTTPRequest) -> HTTPResponse {
        DocumentResponder().respond(
            to: request.head, body: body, contentType: contentType, entityTag: entityTag, lastModified: lastModified,
            cacheControl: cacheControl)
    }
}
