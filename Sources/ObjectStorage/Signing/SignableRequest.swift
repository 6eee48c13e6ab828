/// What Signature Version 4 signs of a request: method, the path as sent (already percent-encoded), the
/// query parameters, the header fields to sign (Host, X-Amz-Date and X-Amz-Content-SHA256 among them),
/// and the hex SHA-256 of the payload (or `UNSIGNED-PAYLOAD`).
public struct SignableRequest: Sendable {
    public var method: String
    public var encodedPath: String
    public var query: [(name: String, value: String)]
    public var headers: [(name: String, value: String)]
    public var payloadHash: String

    public init(
        method: String, encodedPath: String, query: [(name: String, value: String)] = [],
        headers: [(name: String, value: String)], payloadHash: String
    ) {
        self.method = method
        self.encodedPath = encodedPath
        self.query = query
        self.headers = headers
        self.payloadHash = payloadHash
    }
}
