import Foundation
import HTTPServer
import Logging
import Manifest
import PackStore
import ServiceLifecycle
import UnixSignals

/// `packserve serve` with `replica.enabled` (docs/object-storage.md "Replicas"): the same routes, listeners,
/// metrics, purges and access log as `PackServeApplication`, but no index and no signing key. Releases come
/// from the bucket through `ReplicaFollower`, blobs are served from a `BlobCache`, and `/admin/` is refused.
/// The keys `/.well-known/jwks.json` lists are `signing.additionalPublicKeys` (the publisher's public key).
public final class ReplicaApplication: Sendable {
    public let configuration: PackServeConfiguration
    public let live: LiveRelease
    public let cache: BlobCache
    public let follower: ReplicaFollower
    /// Copies on-demand blobs in while their first requests wait.
    public let readThrough: BlobReadThrough
    public let responder: PackServeResponder
    public let metrics: PackServeMetrics?
    public let listeners: ApplicationListeners
    /// Forwards the devices' report counts to `replica.publisherURL`; nil without one (no reports taken).
    public let reportForwarder: ReportForwarder?

    /// Opens the cache and makes every part; nothing is read from the bucket and nothing listens yet.
    /// - Parameter bucket: where releases are read from; nil: the S3 bucket `storage` names.
    public init(
        configuration config: PackServeConfiguration, bucket: (any ObjectBucket)? = nil, clock: ApplicationClock = .system,
        logger: Logger
    ) throws {
        configuration = config
        let bucket = try bucket ?? S3ObjectBucket(configuration: config.storage)
        let layout = BucketLayout(prefix: config.storage.prefix)
        cache = try BlobCache(directory: config.replica.cacheDirectory, maxBytes: config.replica.cacheMaxBytes)
        let live = LiveRelease(clock: clock.now)
        self.live = live
        let publicKeys = try config.signing.additionalPublicKeys.map { try VerificationKey(pemFile: $0) }
        // The publisher's secret, copied here; never one made up on the spot, which no URL is signed with.
        var readOnly = config
        readOnly.signing.generateIfMissing = false
        let secret = try URLSigningSecret.load(readOnly, logger: logger)
        if secret == nil {
            logger.notice("no URL-signing secret at \(URLSigningSecret.path(for: config)): private packs need a download token here")
        }
        let credentials = DownloadCredentials(signature: secret.map(URLSignature.init(secret:)))
        let registry = config.metrics.enabled ? MetricsRegistry() : nil
        let replicaMetrics = ReplicaMetrics(registry: registry)
        let readiness = ReplicaReadiness(live: live, retryAfterSeconds: config.replica.pollSeconds, now: clock.now)
        readThrough = BlobReadThrough(cache: cache, bucket: bucket, layout: layout, logger: logger, metrics: replicaMetrics)
        let serving = ReplicaServing(readiness: readiness, readThrough: readThrough)
        // Devices' reports are counted here and forwarded to the publisher, which decides halts.
        let counters = ReportCounters()
        reportForwarder = try ReportForwarder(settings: config.replica, counters: counters, logger: logger, now: clock.now)
        let reports = reportForwarder.map { _ in
            ReportIntake(
                live: live, cap: ReportNetworkCap(perHour: config.rollouts.reportsPerNetworkPerHour), counters: counters,
                now: clock.now, bodySeconds: config.adminLimits.configured.headerTimeoutSeconds)
        }
        let responder = try PackServeResponder(
            configuration: config, live: live, publicKeys: publicKeys, credentials: credentials, logger: logger,
            now: clock.now, replica: serving, reports: reports)
        self.responder = responder
        let metrics = registry.map { PackServeMetrics(registry: $0, routeNames: responder.routeNames, live: live) }
        self.metrics = metrics
        let purger = try CachePurger(
            endpoints: config.cache.purge, keyHeader: config.cache.surrogateKeyHeader, logger: logger, metrics: registry)
        follower = ReplicaFollower(
            bucket: bucket, layout: layout, cache: cache, live: live, readiness: readiness, credentials: credentials,
            purger: purger.isEnabled ? purger : nil, metrics: replicaMetrics, logger: logger,
            baseURL: config.publicBaseURL, style: config.packURLs, interval: .seconds(config.replica.pollSeconds),
            now: clock.now)
        logger.notice("replica of \(config.storage.endpoint) bucket \(config.storage.bucket): /readyz answers 503 until a release is copied")
        listeners = try ApplicationListeners(configuration: config, responder: responder, metrics: metrics, logger: logger)
    }

    /// Serves until SIGTERM or SIGINT, polling the bucket meanwhile; then drains as a primary does.
    public func run(signals: UnixSignalsSequence?) async throws {
        var services: [any Service] = [follower, OpenFileSweeper(cache: responder.openFiles)]
        if let reportForwarder { services.append(reportForwarder) }
        try await listeners.run(besides: services, signals: signals, purger: follower.purger)
    }

    /// Only the listeners, for a caller that polls (`follower.poll()`) itself.
    public func start() throws {
        try listeners.start()
    }

    public func shutdown() async {
        await listeners.shutdown()
    }
}
