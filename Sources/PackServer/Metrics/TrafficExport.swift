import HTTPServer
import Prometheus

/// Turns `TrafficSnapshot`s into the registry's counters and gauge. The event loops keep their own
/// counters (HTTPServer's `TrafficMetrics`); the registry only learns their sums when scraped, so the
/// request path never touches the registry's locks. Counters are advanced by what grew since the last
/// scrape, which keeps them monotonic as Prometheus requires.
final class TrafficExport: @unchecked Sendable {
    private let registry: PrometheusCollectorRegistry
    /// Guarded by the caller (`PackServeMetrics` scrapes under its lock).
    private var counters: [CounterKey: (counter: Counter, exported: Int)] = [:]
    private let openConnections: Gauge

    private struct CounterKey: Hashable {
        var name: String
        var labels: [String]
    }

    /// The exported names: `packserve_<subsystem>_<name>_<unit>` (docs/metrics.md).
    static var requests: MetricNameDescriptor { named("http", "requests", "total", "Responses, by route and status code.") }
    static var bodyBytes: MetricNameDescriptor { named("http", "response_body_bytes", "total", "Body bytes sent (response heads not included), by route.") }
    static var aborted: MetricNameDescriptor { named("http", "responses_aborted", "total", "Responses whose connection closed before all of their body was sent, by route.") }
    static var accepted: MetricNameDescriptor { named("http", "connections_accepted", "total", "Connections accepted on the public listeners.") }
    static var open: MetricNameDescriptor { named("http", "connections", "open", "Connections open on the public listeners.") }
    static var handshakes: MetricNameDescriptor { named("tls", "handshakes", "total", "TLS handshakes completed.") }
    static var handshakeFailures: MetricNameDescriptor { named("tls", "handshake_failures", "total", "TLS handshakes that failed: not TLS, nothing in common, or the peer hung up.") }

    static var proxyRefusals: MetricNameDescriptor { named("proxy_protocol", "refusals", "total", "Connections on a PROXY protocol listener closed unanswered: from a peer not in trustedProxies, with an invalid header, or ended before a whole header, by reason.") }

    private static func named(_ subsystem: String, _ name: String, _ unit: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "packserve", subsystem: subsystem, metricName: name, unitName: unit, helpText: help)
    }

    init(registry: PrometheusCollectorRegistry) {
        self.registry = registry
        openConnections = registry.makeGauge(descriptor: Self.open)
    }

    func export(_ snapshot: TrafficSnapshot) {
        for requests in snapshot.requests {
            advance(Self.requests, [("route", requests.route), ("status", "\(requests.status)")], to: requests.count)
        }
        for (route, bytes) in snapshot.bodyBytes where bytes > 0 {
            advance(Self.bodyBytes, [("route", route)], to: bytes)
        }
        for (route, count) in snapshot.abortedResponses where count > 0 {
            advance(Self.aborted, [("route", route)], to: count)
        }
        advance(Self.accepted, [], to: snapshot.connectionsAccepted)
        advance(Self.handshakes, [], to: snapshot.tlsHandshakes)
        advance(Self.handshakeFailures, [], to: snapshot.tlsHandshakeFailures)
        for (reason, count) in snapshot.proxyRefusals where count > 0 {
            advance(Self.proxyRefusals, [("reason", reason)], to: count)
        }
        openConnections.set(Double(snapshot.openConnections))
    }

    private func advance(_ descriptor: MetricNameDescriptor, _ labels: [(String, String)], to total: Int) {
        let key = CounterKey(name: descriptor.name, labels: labels.flatMap { [$0.0, $0.1] })
        var entry = counters[key] ?? (registry.makeCounter(descriptor: descriptor, labels: labels), 0)
        if total > entry.exported {
            entry.counter.increment(by: Int64(total - entry.exported))
            entry.exported = total
        }
        counters[key] = entry
    }
}
