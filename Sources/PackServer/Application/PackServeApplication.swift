import Foundation
import HTTPServer
import Logging
import Metrics
import PackStore
import ServiceLifecycle
import UnixSignals
import Sockets

/// The whole server as `packserve serve` runs it, assembled from a configuration: the store and signing keys,
/// the sample catalog, the live release and its watcher, URL signing, the admin API, the routes, metrics, cache
/// purges, the access log, TLS and the listeners. Everything it reads from outside comes in: directories
/// through the configuration (`dataDirectory`, `publicDirectory`, the key and certificate paths), time through
/// `clock`, output through `logger`. So a test builds the same object graph in-process that the binary runs.
///
/// Made in two steps: `init` assembles and loads the current release (so the first request already sees it);
/// `run(signals:)` listens and serves until SIGTERM or SIGINT, or `start()` and `shutdown()` do only the
/// listening, for a caller that drives the rest (the watcher's polls) itself.
public final class PackServeApplication: Sendable {
    public let configuration: PackServeConfiguration
    public let store: PackStore
    /// Nil when no private key is available here (another host signs).
    public let signer: ManifestSigner?
    public let live: LiveRelease
    public let admin: AdminAPI
    public let responder: PackServeResponder
    /// What admits requests to private packs: signed URLs and the current `download` tokens.
    public let credentials: DownloadCredentials
    /// Nil with `metrics.enabled` off.
    public let metrics: PackServeMetrics?
    public let watcher: ReleaseWatcher
    /// Publishes the index's releases to the bucket (`storage.type: s3` with a signing key); nil otherwise.
    public let bucketSync: BucketSyncService?
    /// Counts device reports into the index and halts rollouts (docs/rollouts.md); nil without a signing key.
    public let countFlusher: CountFlusher?
    /// Announces halts and delivers them to the webhook; nil without a signing key.
    public let rolloutEvents: RolloutEventDispatcher?
    /// The listeners, the access log and TLS (shared with `ReplicaApplication`).
    public let listeners: ApplicationListeners
    public var accessLog: AccessLogWriter? { listeners.accessLog }
    /// The HTTPS listener's certificate and key, reloaded on SIGHUP; nil without `tls.enabled`.
    public var tls: TLSServerContext? { listeners.tls }
    /// The public listeners (plaintext, and HTTPS with `tls.enabled`).
    public var server: HTTPServer { listeners.server }
    /// The `/metrics` listener (docs/metrics.md); nil with `metrics.enabled` off.
    public var metricsServer: HTTPServer? { listeners.metricsServer }
    let logger: Logger

    /// Opens the store, loads the keys, publishes the sample catalog into an empty store (`sampleCatalog`),
    /// makes every part and loads the current release. Nothing listens yet.
    public init(configuration config: PackServeConfiguration, clock: ApplicationClock = .system, logger: Logger) throws {
        configuration = config
        self.logger = logger
        store = try PackStore(dataDirectory: URL(fileURLWithPath: config.dataDirectory))
        let keys = try SigningKeys.load(config, logger: logger)
        signer = keys.signer
        if config.sampleCatalog {
            if let signer = keys.signer {
                try SampleCatalog.installIfEmpty(into: store, signer: signer, logger: logger)
            } else {
                logger.warning("not publishing the sample catalog: releases are signed when published, and there is no signing key here")
            }
        }
        let live = LiveRelease(clock: clock.now)
        self.live = live
        let urlSigning = try URLSigningSecret.load(config, logger: logger).map(URLSignature.init(secret:))
        credentials = DownloadCredentials(signature: urlSigning)
        let registry = config.metrics.enabled ? MetricsRegistry() : nil
        // Reports are counted where rollouts can be halted: by the process that holds the key (devices' own,
        // and replicas' forwarded through the admin API).
        let counters = ReportCounters()
        admin = AdminAPI(
            store: store, signer: keys.signer, limits: config.adminLimits, logger: logger,
            urls: urlSigning.map { SignedURLs(signature: $0, baseURL: config.publicBaseURL, style: config.packURLs) },
            live: live, reportCounters: keys.signer.map { _ in counters }, durations: registry?.durations ?? .discarded,
            clock: clock)
        let adoption = AdoptionCounters()
        let reports = keys.signer.map { _ in
            ReportIntake(
                live: live, cap: ReportNetworkCap(perHour: config.rollouts.reportsPerNetworkPerHour), counters: counters,
                now: clock.now, bodySeconds: config.adminLimits.configured.headerTimeoutSeconds)
        }
        let responder = try PackServeResponder(
            configuration: config, live: live, publicKeys: keys.publicKeys, admin: admin, credentials: credentials,
            logger: logger, now: clock.now, reports: reports, adoption: keys.signer == nil ? nil : adoption)
        self.responder = responder
        let metrics = registry.map { PackServeMetrics(registry: $0, routeNames: responder.routeNames, live: live) }
        self.metrics = metrics
        let purger = try CachePurger(
            endpoints: config.cache.purge, keyHeader: config.cache.surrogateKeyHeader, logger: logger, metrics: registry)
        let watcher = ReleaseWatcher(
            store: store, live: live, baseURL: config.publicBaseURL, style: config.packURLs, signer: keys.signer,
            logger: logger, durations: metrics?.durations ?? .discarded, credentials: credentials,
            purger: purger.isEnabled ? purger : nil, now: clock.now)
        self.watcher = watcher
        countFlusher = keys.signer.map { [store, logger] signer in
            CountFlusher(
                counters: counters, adoption: adoption, store: store, signer: signer,
                thresholds: config.rollouts.halt.thresholds, logger: logger, now: clock.now,
                halted: { _ in watcher.refresh() }, factory: registry?.factory ?? NOOPMetricsHandler.instance)
        }
        let webhook = try RolloutWebhook(config.rollouts.webhook)
        rolloutEvents = keys.signer.map { [store, logger] _ in
            RolloutEventDispatcher(
                store: store, webhook: webhook, logger: logger,
                factory: registry?.factory ?? NOOPMetricsHandler.instance, now: clock.now)
        }
        // The process that holds the index and the key is the publisher: it keeps the bucket up to the index.
        if keys.signer != nil, !config.replica.enabled, let bucket = try config.publishingBucket() {
            let sync = BucketSync(store: store, bucket: bucket, configuration: config, now: clock.now)
            bucketSync = BucketSyncService(sync: sync, logger: logger)
        } else {
            bucketSync = nil
        }
        // Load the current release before accepting, so the first request already sees it; an index that cannot
        // be trusted stops the start with one line.
        try watcher.startUp()
        if live.release == nil { logger.notice("no release published yet: /readyz answers 503 until one is") }
        listeners = try ApplicationListeners(configuration: config, responder: responder, metrics: metrics, logger: logger)
    }

    /// Serves until SIGTERM or SIGINT, then drains in-flight responses and pending cache purges: the listeners,
    /// the release watcher, the open-file sweeper and, with `signals`, the SIGHUP/SIGUSR1 handler, under one
    /// service group.
    /// - Parameter signals: from `SignalHandler.trap()`, taken before anything slow; nil handles none of them.
    public func run(signals: UnixSignalsSequence?) async throws {
        var services: [any Service] = [watcher, OpenFileSweeper(cache: responder.openFiles)]
        if let bucketSync { services.append(bucketSync) }
        if let countFlusher { services.append(countFlusher) }
        if let rolloutEvents { services.append(rolloutEvents) }
        try await listeners.run(besides: services, signals: signals, purger: watcher.purger)
    }

    /// Only the listening part of `run`: binds and starts the listeners (the metrics one first, as `run` does)
    /// and returns. The release watcher does not poll; call `watcher.refresh()` to take up what changed.
    public func start() throws {
        try listeners.start()
    }

    /// Ends what `start()` began: stops accepting, drains in-flight responses, flushes the access log.
    public func shutdown() async {
        await listeners.shutdown()
    }
}
