import Prometheus

/// The live release and its manifest as gauges, set from `LiveRelease` at each scrape.
struct ReleaseGauges: Sendable {
    private let release: Gauge
    private let manifestVersion: Gauge
    private let manifestExpiry: Gauge

    init(registry: PrometheusCollectorRegistry) {
        release = registry.makeGauge(descriptor: MetricNameDescriptor(
            namespace: "packserve", metricName: "release", unitName: "",
            helpText: "Number of the release being served (0: none published yet)."))
        manifestVersion = registry.makeGauge(descriptor: MetricNameDescriptor(
            namespace: "packserve", subsystem: "manifest", metricName: "version", unitName: "",
            helpText: "Version of the signed manifest being served (0: none)."))
        manifestExpiry = registry.makeGauge(descriptor: MetricNameDescriptor(
            namespace: "packserve", subsystem: "manifest", metricName: "expiry", unitName: "seconds",
            helpText: "Seconds until the served manifest expires (negative once expired; 0 without a manifest)."))
    }

    /// - Parameter now: seconds since 1970.
    func update(from live: PublishedRelease?, now: Int64) {
        release.set(Double(live?.snapshot.release ?? 0))
        manifestVersion.set(Double(live?.manifest?.version ?? 0))
        manifestExpiry.set(Double(live?.manifest.map { $0.expiresAt - now } ?? 0))
    }
}
