/// What the server does with a request's body, decided by the responder from the head alone, before a
/// byte of the body is read (`HTTPResponder.bodyHandling(for:origin:)`).
public enum RequestBodyHandling: Sendable {
    /// Answer with this response without reading the body; the connection then closes, since the unread
    /// body would be taken for the next request.
    case refuse(HTTPResponse)
    /// Read the whole body (up to `HTTPServerConfiguration.maxBodyBytes`, else 413, at the configuration's
    /// minimum rate) into `HTTPRequest.body`, then call `respond(to:)`.
    case read
    /// Call `respond(to:)` at once with `HTTPRequest.bodyStream` set, and hand the body to that stream as it
    /// arrives, at most `maxBytes` (a larger Content-Length or chunked body is refused with 413). The
    /// connection reads only while the stream's consumer keeps up (docs/http.md "Streamed request bodies").
    /// A body slower than `pace` (nil: the configuration's minimum rate) is answered 408 and the stream fails.
    case stream(maxBytes: Int, pace: BodyPace? = nil)
}
