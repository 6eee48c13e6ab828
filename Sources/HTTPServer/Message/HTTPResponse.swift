import HTTP1

/// A response a responder returns. The server adds Date, Content-Length and Connection; for HEAD and for
/// statuses that forbid content it sends the head only (Content-Length still describes what GET would send).
public struct HTTPResponse: Sendable {
    public var status: HTTPStatus
    public var headers: HTTPHeaders
    public var body: HTTPBody
    /// Which of the application's routes answered, for the traffic counters (`TrafficMetrics`).
    public var route = RouteLabel.unrouted
    /// Called on the event loop once every byte of the response was written (never when the connection
    /// closed under it, nor for HEAD): how an application counts completed transfers. It must be quick.
    public var onComplete: (@Sendable () -> Void)?
    /// Set by `deferred(_:)`: the real response comes later through this handle.
    private(set) var deferral: DeferredResponse?

    public init(status: HTTPStatus, headers: HTTPHeaders = [:], body: HTTPBody = .empty) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Answers later: the connection waits (reading no further request) until `pending` is completed,
    /// from any thread, with the real response. See `DeferredResponse`.
    public static func deferred(_ pending: DeferredResponse) -> HTTPResponse {
        var response = HTTPResponse(status: .ok)
        response.deferral = pending
        return response
    }

    /// Whether the real response comes later (`deferred(_:)`).
    public var isDeferred: Bool { deferral != nil }

    /// A deferred response whose final response is `transform` of the one its work completes with: how an
    /// application finishes every final response (its headers, its route) whether it is given now or later.
    /// `self` must be deferred (`isDeferred`); a final response is transformed by calling `transform` on it.
    public func finishingDeferred(_ transform: @escaping @Sendable (HTTPResponse) -> HTTPResponse) -> HTTPResponse {
        guard let deferral else { preconditionFailure("finishingDeferred(_:) of a final response") }
        return .deferred(deferral.finishing(with: transform))
    }

    /// An RFC 9457 problem document as application/problem+json: `HTTPProblem`'s response.
    public static func problem(
        _ status: HTTPStatus, detail: String? = nil, headers: HTTPHeaders = [:],
        extensions: [(name: String, value: ProblemDetails.Member)] = []
    ) -> HTTPResponse {
        HTTPProblem(status, detail: detail, headers: headers, extensions: extensions).response
    }
}
