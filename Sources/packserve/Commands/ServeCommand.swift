import ArgumentParser
import HTTPServer
import Logging
import PackServer
import ServiceLifecycle

/// `packserve serve [--host H] [--port N]`: runs the server in the foreground until SIGTERM/SIGINT.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the server in the foreground; SIGTERM/SIGINT drain in-flight responses, then exit 0."
    )

    @ParentCommand var root: PackServe

    @Option(help: "Address to listen on (overrides listen.host).")
    var host: String?

    @Option(help: "Port to listen on, 0 for any free port (overrides listen.port).")
    var port: Int?

    func run() async throws {
        let signals = await SignalHandler.trap()
        // Before anything sizes itself from the limit (the open-file cache does).
        DescriptorLimit.raiseToHardLimit()
        var config = try await CommandContext.loadConfiguration(path: root.config)
        if let host { config.listen.host = host }
        if let port {
            guard (0...65535).contains(port) else { throw CommandFailure("--port must be 0…65535, not \(port)") }
            config.listen.port = port
        }
        let logger = CommandContext.bootstrapLogging(level: config.logLevel)
        let store = try CommandContext.openStore(config)
        let keys = try SigningKeys.load(config, logger: logger)
        if config.sampleCatalog {
            if let signer = keys.signer {
                try SampleCatalog.installIfEmpty(into: store, signer: signer, logger: logger)
            } else {
                logger.warning("not publishing the sample catalog: releases are signed when published, and there is no signing key here")
            }
        }
        let live = LiveRelease()
        let urlSigning = try URLSigningSecret.load(config, logger: logger).map(URLSignature.init(secret:))
        let credentials = DownloadCredentials(signature: urlSigning)
        let registry = config.metrics.enabled ? MetricsRegistry() : nil
        let admin = AdminAPI(
            store: store, signer: keys.signer, limits: config.adminLimits, logger: logger,
            urls: urlSigning.map { SignedURLs(signature: $0, baseURL: config.publicBaseURL, style: config.packURLs) },
            live: live, durations: registry?.durations ?? .discarded)
        let responder = try PackServeResponder(
            configuration: config, live: live, publicKeys: keys.publicKeys, admin: admin, credentials: credentials,
            logger: logger)
        let metrics = registry.map { PackServeMetrics(registry: $0, routeNames: responder.routeNames, live: live) }
        let purger = try CachePurger(
            endpoints: config.cache.purge, keyHeader: config.cache.surrogateKeyHeader, logger: logger, metrics: registry)
        let watcher = ReleaseWatcher(
            store: store, live: live, baseURL: config.publicBaseURL, style: config.packURLs, signer: keys.signer,
            logger: logger, durations: metrics?.durations ?? .discarded, credentials: credentials,
            purger: purger.isEnabled ? purger : nil)
        // Load the current release before accepting, so the first request already sees it.
        watcher.refresh()
        if live.release == nil { logger.notice("no release published yet: /readyz answers 503 until one is") }
        var http = config.httpServer
        http.traffic = metrics?.traffic
        let accessLog = try config.makeAccessLogWriter()
        http.accessLog = accessLog
        let tls = try TLSSetup.context(for: config, logger: logger)
        if let tls {
            http.tls = TLSListener(host: config.tls.listen.host, port: config.tls.listen.port, context: tls)
            http.tls?.proxyProtocol = config.tls.listen.proxyProtocol
        }
        let server = HTTPServer(configuration: http, responder: responder, logger: logger)
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = []
        if let metrics {
            // Its own listener (docs/metrics.md); its log lines say `listener=metrics`.
            var metricsLogger = logger
            metricsLogger[metadataKey: "listener"] = "metrics"
            let metricsServer = HTTPServer(
                configuration: config.metricsServer, responder: MetricsResponder(metrics: metrics), logger: metricsLogger)
            services.append(.init(service: PackServeService(server: metricsServer, logger: metricsLogger)))
        }
        let group = ServiceGroup(
            configuration: .init(
                services: services + [
                    .init(service: PackServeService(server: server, logger: logger)),
                    .init(service: watcher),
                    .init(service: OpenFileSweeper(cache: responder.openFiles)),
                    .init(service: SignalHandler(signals: signals, tls: tls, accessLog: accessLog, logger: logger)),
                ],
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger))
        defer { accessLog?.stop() }
        try await group.run()
    }
}
