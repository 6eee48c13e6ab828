import HTTP1

/// A request as the application gets it: the head, and the body still unread (`RequestBody`), which the
/// application reads when and how it wants, or never.
public struct HTTPRequest: Sendable {
    public var head: HTTPRequestHead
    /// Set when the request carries content (Content-Length above 0, or chunked); nothing of it has been
    /// read when `respond(to:)` is called.
    public var body: RequestBody?
    /// The connection's peer and whether it is TLS.
    public var origin: RequestOrigin

    public init(
        head: HTTPRequestHead, body: RequestBody? = nil, origin: RequestOrigin = RequestOrigin(peer: nil, isSecure: false)
    ) {
        self.head = head
        self.body = body
        self.origin = origin
    }

    public var method: HTTPMethod { head.method }
    public var path: String { head.path }
    public var headers: HTTPHeaders { head.headers }
}
