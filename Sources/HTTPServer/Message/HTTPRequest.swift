/// A request: head plus the decoded body (empty for the usual GET/HEAD), or the stream its body arrives
/// through when the responder chose `RequestBodyHandling.stream`.
public struct HTTPRequest: Sendable {
    public var head: HTTPRequestHead
    public var body: [UInt8]
    /// Set (and `body` empty) when the body is streamed: read it off the event loop.
    public var bodyStream: RequestBodyStream?

    public init(head: HTTPRequestHead, body: [UInt8] = [], bodyStream: RequestBodyStream? = nil) {
        self.head = head
        self.body = body
        self.bodyStream = bodyStream
    }

    public var method: HTTPMethod { head.method }
    public var path: String { head.path }
    public var headers: HTTPHeaders { head.headers }
}
