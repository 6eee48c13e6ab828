/// A refusal, as every layer that says no produces it: the server's own (a request it cannot parse, a
/// body too large or too slow) and the application's (a host it does not serve, a missing token, a full
/// upload queue). One value, rendered one way (`response`): an RFC 9457 problem document (`ProblemDetails`)
/// with the fields the status calls for — `Allow` for 405 (RFC 9110 §15.5.6), `Retry-After` for 429 and
/// 503 (RFC 9110 §10.2.3), `WWW-Authenticate` for 401 (RFC 9110 §11.6.1). A value with no I/O, so the
/// parsers of this module can refuse with it; HTTPServer renders it (`HTTPProblem.response`).
public struct HTTPProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public var status: HTTPStatus
    /// One line for a human. The server's own never contain bytes from the request, so they are safe to
    /// log and to echo.
    public var detail: String?
    /// Sent with the problem document, before its `Content-Type`.
    public var headers: HTTPHeaders
    /// Members a client may act on (RFC 9457 §3.2), written after the standard ones, in this order.
    public var extensions: [(name: String, value: ProblemDetails.Member)]

    public init(
        _ status: HTTPStatus, detail: String? = nil, headers: HTTPHeaders = [:],
        extensions: [(name: String, value: ProblemDetails.Member)] = []
    ) {
        self.status = status
        self.detail = detail
        self.headers = headers
        self.extensions = extensions
    }

    public var description: String { "\(status.code) \(detail ?? status.reason)" }

    public static func == (a: HTTPProblem, b: HTTPProblem) -> Bool {
        a.status == b.status && a.detail == b.detail && a.headers == b.headers
            && a.extensions.map(\.name) == b.extensions.map(\.name) && a.extensions.map(\.value) == b.extensions.map(\.value)
    }
}
