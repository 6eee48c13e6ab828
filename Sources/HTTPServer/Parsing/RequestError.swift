/// Why a request was refused while reading it: the status to answer and a one-line detail for the
/// problem+json body. Every refusal ends the connection, because after a framing error the server can no
/// longer tell where the next request would start (RFC 9112 §2.2, §6.3, §11.2).
public struct RequestError: Error, Sendable, Equatable, CustomStringConvertible {
    public var status: HTTPStatus
    /// One line, never containing bytes from the request (so it is safe to log and to echo).
    public var detail: String

    public init(_ status: HTTPStatus, _ detail: String) {
        self.status = status
        self.detail = detail
    }

    public var description: String { "\(status.code) \(detail)" }

    /// The answer to send before closing: an RFC 9457 problem document with `Connection: close`.
    public var response: HTTPResponse {
        .problem(status, detail: detail, headers: ["Connection": "close"])
    }

    static func badRequest(_ detail: String) -> RequestError { RequestError(.badRequest, detail) }
    static func headerFieldsTooLarge(_ detail: String) -> RequestError {
        RequestError(.requestHeaderFieldsTooLarge, detail)
    }
    static func contentTooLarge(_ detail: String) -> RequestError { RequestError(.contentTooLarge, detail) }
    static func notImplemented(_ detail: String) -> RequestError { RequestError(.notImplemented, detail) }
}
