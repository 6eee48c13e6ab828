/// A response's status line and headers, copied out of `HTTPURLResponse` so that it is a plain value.
struct ResponseHead: Sendable, Hashable {
    var status: Int
    /// Header names lowercased (RFC 9110 §5.1: field names are case-insensitive).
    var headers: [String: String]

    subscript(name: String) -> String? { headers[name.lowercased()] }
}
