/// What the server does with a request's body, decided by the responder from the head alone, before a
/// byte of the body is read (`HTTPResponder.bodyHandling(for:origin:)`).
public enum RequestBodyHandling: Sendable {
    /// Answer with this response without reading the body; the connection then closes, since the unread
    /// body would be taken for the next request.
    case refuse(HTTPResponse)
    /// Read the whole body (up to `HTTPServerConfiguration.maxBodyBytes`, else 413) into
    /// `HTTPRequest.body`, then call `respond(to:)`.
    case read
    /// Call `respond(to:)` at once with `HTTPRequest.bodyStream` set, and hand the body to that stream as it
    /// arrives, at most `maxBytes` (a larger Content-Length or chunked body is refused with 413). The
    /// connection reads only while the stream's consumer keeps up (docs/http.md "Streamed request bodies").
    case stream(maxBytes: Int)
}
