/// A response's status line and header fields as a client reads them.
public struct ClientResponseHead: Sendable, Equatable {
    public var status: Int
    /// Field names lowercased; a field sent more than once is joined with ", " (RFC 9110 §5.3).
    public var headers: [String: String]
    /// HTTP/1.0, or HTTP/1.1 without `Connection: close`: whether the connection may carry another request.
    public var keepsConnection: Bool

    public init(status: Int, headers: [String: String], keepsConnection: Bool = true) {
        self.status = status
        self.headers = headers
        self.keepsConnection = keepsConnection
    }

    /// 1xx: an interim answer (RFC 9110 §15.2) before the final one.
    public var isInterim: Bool { (100..<200).contains(status) }
}
