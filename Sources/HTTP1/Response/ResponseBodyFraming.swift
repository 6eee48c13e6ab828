/// How a response's body is delimited (RFC 9112 §6.3), decided from the request method and the head.
public enum ResponseBodyFraming: Sendable, Equatable {
    case none
    case length(Int64)
    case chunked
    /// Read to the end of the connection, which then cannot be reused.
    case untilClose

    public init(requestMethod: String, head: ClientResponseHead) throws(ResponseHeadError) {
        // §6.3 rule 1: no body after HEAD, 1xx, 204 and 304, whatever the fields say.
        if requestMethod == "HEAD" || head.isInterim || head.status == 204 || head.status == 304 {
            self = .none
            return
        }
        // Rule 3: Transfer-Encoding overrides Content-Length; chunked must be the final coding, else
        // the body runs to the close.
        if let codings = head.headers["transfer-encoding"] {
            let last = codings.split(separator: ",").last?.filter { $0 != " " && $0 != "\t" }.lowercased()
            self = last == "chunked" ? .chunked : .untilClose
            return
        }
        // Rule 5: a Content-Length sent twice must agree; anything but digits is an unrecoverable error.
        if let lengths = head.headers["content-length"] {
            let values = Set(lengths.split(separator: ",").map { $0.filter { $0 != " " && $0 != "\t" } })
            guard values.count == 1, let value = values.first, !value.isEmpty, value.count <= 18,
                value.allSatisfy({ $0.isASCII && $0.isNumber }), let length = Int64(value)
            else { throw ResponseHeadError("an invalid Content-Length: \(lengths)") }
            self = .length(length)
            return
        }
        self = .untilClose
    }
}
