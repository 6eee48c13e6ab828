import Foundation
import HTTPServer
import Prometheus
import Synchronization

/// Everything `/metrics` shows (docs/metrics.md), in one Prometheus registry:
/// - traffic (requests, bytes, connections, TLS) counted by the public server's event loops and copied
///   into the registry when scraped (`TrafficExport`): the request path only does plain per-loop adds;
/// - the live release and manifest, read from `LiveRelease` when scraped (`ReleaseGauges`);
/// - durations of rare operations, recorded when they happen through swift-metrics (`ServerDurations`),
///   whose Prometheus backend writes into the same registry.
public final class PackServeMetrics: Sendable {
    /// Give to the public server (`HTTPServerConfiguration.traffic`).
    public let traffic: TrafficMetrics
    /// Give to whatever loads releases and signs manifests (`ReleaseWatcher`).
    public let durations: ServerDurations
    private let registry: PrometheusCollectorRegistry
    private let live: LiveRelease
    private let releaseGauges: ReleaseGauges
    /// Serializes scrapes: each advances the exported counters from the previous one.
    private let export: Mutex<TrafficExport>

    public init(registry: MetricsRegistry = MetricsRegistry(), routeNames: [String], live: LiveRelease) {
        self.registry = registry.registry
        durations = registry.durations
        traffic = TrafficMetrics(routeNames: routeNames)
        self.live = live
        releaseGauges = ReleaseGauges(registry: registry.registry)
        export = Mutex(TrafficExport(registry: registry.registry))
        export.withLock { $0.export(traffic.snapshot()) }
    }

    /// The Prometheus text exposition of every metric, as of now.
    /// - Parameter now: seconds since 1970, for the manifest's remaining lifetime.
    public func exposition(now: Int64 = Int64(Date().timeIntervalSince1970)) -> [UInt8] {
        export.withLock { export in
            export.export(traffic.snapshot())
            releaseGauges.update(from: live.release, now: now)
            return registry.emitToBuffer()
        }
    }
}
