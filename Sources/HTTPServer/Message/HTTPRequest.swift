/// A request: head plus the decoded body (empty for the usual GET/HEAD), or the stream its body arrives
/// through when the responder chose `RequestBodyHandling.stream`.
public struct HTTPRequest: Sendable {
    public var head: HTTPRequestHead
    public var body: [UInt8]
    /// Set (and `body` empty) when the body is streamed: read it off the event loop.
    public var bodyStream: RequestBodyStream?
    /// The connection's peer and whether it is TLS.
    public var origin: RequestOrigin

    public init(
        head: HTTPRequestHead, body: [UInt8] = [], bodyStream: RequestBodyStream? = nil,
        origin: RequestOrigin = RequestOrigin(peer: nil, isSecure: false)
    ) {
        self.head = head
        self.body = body
        self.bodyStream = bodyStream
        self.origin = origin
    }

    public var method: HTTPMethod { head.method }
    public var path: String { head.path }
    public var headers: HTTPHeaders { head.headers }
}
