import Metrics

/// How long the server's rare, slow operations take, recorded through swift-metrics' `Timer`, so the code
/// that does them knows no metrics backend (`serve` gives them Prometheus histograms; tests and commands
/// that do not serve metrics get `.discarded`). Names and meanings: docs/metrics.md.
public struct ServerDurations: Sendable {
    /// Loading a release from the index and building what the request path needs, up to the swap.
    public let releaseLoad: Metrics.Timer
    /// Signing a manifest (writing it to the index included).
    public let manifestSigning: Metrics.Timer
    /// Storing one pack uploaded through the admin API (`PUT /admin/packs/{id}`); `packserve add` runs in a
    /// process of its own and is not counted.
    public let ingest: Metrics.Timer
    /// Publishing the draft with its signing, through the admin API (`POST /admin/publish`).
    public let publish: Metrics.Timer

    public init(factory: any MetricsFactory) {
        releaseLoad = Metrics.Timer(label: "packserve_release_load_duration_seconds", factory: factory)
        manifestSigning = Metrics.Timer(label: "packserve_manifest_signing_duration_seconds", factory: factory)
        ingest = Metrics.Timer(label: "packserve_ingest_duration_seconds", factory: factory)
        publish = Metrics.Timer(label: "packserve_publish_duration_seconds", factory: factory)
    }

    /// Records nowhere.
    public static let discarded = ServerDurations(factory: NOOPMetricsHandler.instance)
}
