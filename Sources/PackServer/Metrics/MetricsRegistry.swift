import Prometheus

/// The Prometheus registry behind `/metrics`, with the duration histograms that write into it. Made before
/// the application's parts (the admin API records ingest and publish times into `durations`), and handed
/// to `PackServeMetrics` once the routes, which the traffic counters are labelled with, are known.
public struct MetricsRegistry: Sendable {
    let registry: PrometheusCollectorRegistry
    public let durations: ServerDurations
    /// For the counters of the parts that keep their own (`CachePurger`).
    let factory: PrometheusMetricsFactory

    public init() {
        registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        // Releases of 100,000 packs load in seconds; signing takes milliseconds; uploads of GiBs take minutes.
        factory.defaultDurationHistogramBuckets = [
            .milliseconds(1), .milliseconds(5), .milliseconds(25), .milliseconds(100), .milliseconds(250),
            .milliseconds(500), .seconds(1), .milliseconds(2500), .seconds(5), .seconds(10), .seconds(30),
        ]
        durations = ServerDurations(factory: factory)
        self.factory = factory
    }
}
