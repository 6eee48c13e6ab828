/// A complete request: head plus the decoded body (empty for the usual GET/HEAD).
public struct HTTPRequest: Sendable {
    public var head: HTTPRequestHead
    public var body: [UInt8]

    public init(head: HTTPRequestHead, body: [UInt8] = []) {
        self.head = head
        self.body = body
    }

    public var method: HTTPMethod { head.method }
    public var path: String { head.path }
    public var headers: HTTPHeaders { head.headers }
}
