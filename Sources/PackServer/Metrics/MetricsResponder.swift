import HTTPServer

/// The metrics listener's only resource: `GET /metrics` in Prometheus' text format (docs/metrics.md).
/// Anything else is 404, other methods 405. The listener is separate from the public one and binds to
/// loopback by default, so it checks no Host.
public struct MetricsResponder: HTTPResponder {
    let metrics: PackServeMetrics

    public init(metrics: PackServeMetrics) {
        self.metrics = metrics
    }

    /// The text format's media type and version, as Prometheus asks for it.
    static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        guard request.path == "/metrics" else { return .problem(.notFound, detail: "only /metrics is served here") }
        guard request.method.isGetOrHead else { return .methodNotAllowed(allow: "GET, HEAD") }
        return HTTPResponse(
            status: .ok, headers: ["Content-Type": Self.contentType, "Cache-Control": "no-store"],
            body: .bytes(metrics.exposition()))
    }
}
