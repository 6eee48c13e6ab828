/// The head of an answer a device received: status and header fields (names lowercased).
package struct DeviceResponseHead: Sendable {
    /// How the body ends (RFC 9112 section 6.3, for the answers to a GET).
    package enum Framing: Sendable {
        case none
        case length(Int)
        case chunked
        case untilClose
    }

    package let status: Int
    package let headers: [String: String]

    package init(status: Int, headers: [String: String]) {
        self.status = status
        self.headers = headers
    }

    package var framing: Framing {
        if status / 100 == 1 || status == 204 || status == 304 { return .none }
        if headers["transfer-encoding"]?.lowercased().contains("chunked") == true { return .chunked }
        if let length = headers["content-length"].flatMap({ Int($0) }) { return .length(length) }
        return .untilClose
    }
}
