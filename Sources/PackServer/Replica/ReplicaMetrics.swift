import Metrics

/// A replica's series on `/metrics` (docs/metrics.md): how far it is behind the bucket's pointer, what its
/// cache holds, and what its copies did. Discarded without `metrics.enabled`.
struct ReplicaMetrics: Sendable {
    private let lagVersions: Gauge
    private let lagSeconds: Gauge
    private let cacheBytes: Gauge
    private let evictions: Counter
    private let copiedBytes: Counter
    private let copyFailures: Counter
    private let refusedReleases: Counter
    private let factory: any MetricsFactory

    init(registry: MetricsRegistry?) {
        let factory: any MetricsFactory = registry?.factory ?? NOOPMetricsHandler.instance
        self.factory = factory
        lagVersions = Gauge(label: "packserve_replica_lag_versions", factory: factory)
        lagSeconds = Gauge(label: "packserve_replica_lag_seconds", factory: factory)
        cacheBytes = Gauge(label: "packserve_replica_cache_bytes", factory: factory)
        evictions = Counter(label: "packserve_replica_cache_evictions_total", factory: factory)
        copiedBytes = Counter(label: "packserve_replica_copied_bytes_total", factory: factory)
        copyFailures = Counter(label: "packserve_replica_copy_failures_total", factory: factory)
        refusedReleases = Counter(label: "packserve_replica_refused_releases_total", factory: factory)
    }

    static let discarded = ReplicaMetrics(registry: nil)

    /// - Parameters:
    ///   - versionsBehind: the pointer's version less the one served (0 when current).
    ///   - secondsBehind: how long the pointer has been due while not served (0 when current).
    func lag(versionsBehind: Int, secondsBehind: Int64) {
        lagVersions.record(versionsBehind)
        lagSeconds.record(secondsBehind)
    }

    /// The same for a channel the bucket's `builds.json` lists (docs/channels.md "Buckets"), by its pointer.
    func channelLag(_ channel: String, versionsBehind: Int, secondsBehind: Int64) {
        let dimensions = [("channel", channel)]
        Gauge(label: "packserve_replica_channel_lag_versions", dimensions: dimensions, factory: factory)
            .record(versionsBehind)
        Gauge(label: "packserve_replica_channel_lag_seconds", dimensions: dimensions, factory: factory)
            .record(secondsBehind)
    }

    func cache(heldBytes: Int64, newEvictions: Int) {
        cacheBytes.record(heldBytes)
        if newEvictions > 0 { evictions.increment(by: newEvictions) }
    }

    func copied(bytes: Int64) { copiedBytes.increment(by: Int(bytes)) }
    func copyFailed() { copyFailures.increment() }
    func refusedRelease() { refusedReleases.increment() }
}
