import Foundation
import HTTPServer
import Logging
import ServiceLifecycle
import Sockets
import UnixSignals

/// The listening half of a server, the same for a primary (`PackServeApplication`) and a replica
/// (`ReplicaApplication`): the public listeners (plaintext, and HTTPS with `tls.enabled`), the `/metrics`
/// listener, the access log, and running them with the application's own services until SIGTERM or SIGINT.
public struct ApplicationListeners: Sendable {
    public let accessLog: AccessLogWriter?
    /// The HTTPS listener's certificate and key, reloaded on SIGHUP; nil without `tls.enabled`.
    public let tls: TLSServerContext?
    public let server: HTTPServer
    /// The `/metrics` listener (docs/metrics.md); nil with `metrics.enabled` off.
    public let metricsServer: HTTPServer?
    let logger: Logger
    let metricsLogger: Logger

    init(configuration config: PackServeConfiguration, responder: PackServeResponder, metrics: PackServeMetrics?, logger: Logger) throws {
        self.logger = logger
        var http = config.httpServer
        http.traffic = metrics?.traffic
        accessLog = try config.makeAccessLogWriter()
        http.accessLog = accessLog
        tls = try TLSSetup.context(for: config, logger: logger)
        if let tls {
            http.tls = TLSListener(host: config.tls.listen.host, port: config.tls.listen.port, context: tls)
            http.tls?.proxyProtocol = config.tls.listen.proxyProtocol
        }
        server = HTTPServer(configuration: http, responder: responder, logger: logger)
        // Its own listener (docs/metrics.md); its log lines say `listener=metrics`.
        var metricsLogger = logger
        metricsLogger[metadataKey: "listener"] = "metrics"
        self.metricsLogger = metricsLogger
        metricsServer = metrics.map {
            HTTPServer(configuration: config.metricsServer, responder: MetricsResponder(metrics: $0), logger: metricsLogger)
        }
    }

    /// Serves until SIGTERM or SIGINT, then drains in-flight responses: the listeners, `services` and, with
    /// `signals`, the SIGHUP/SIGUSR1 handler, under one service group. With `purger`, the purges still pending
    /// at the signal are sent while its drain deadline lasts, the listeners draining meanwhile, and the rest
    /// dropped before this returns.
    func run(besides services: [any Service], signals: UnixSignalsSequence?, purger: CachePurger?) async throws {
        var all: [ServiceGroupConfiguration.ServiceConfiguration] = []
        if let metricsServer {
            all.append(.init(service: PackServeService(server: metricsServer, logger: metricsLogger)))
        }
        all.append(.init(service: PackServeService(server: server, logger: logger)))
        all += services.map { .init(service: $0) }
        if let signals {
            all.append(.init(service: SignalHandler(signals: signals, tls: tls, accessLog: accessLog, logger: logger)))
        }
        if let purger {
            all.append(.init(service: CachePurgeDrain(purger: purger)))
        }
        let group = ServiceGroup(configuration: .init(services: all, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        defer { accessLog?.stop() }
        do {
            try await group.run()
        } catch {
            if let purger { await Self.finishShutdown(purger) }
            throw error
        }
        if let purger { await Self.finishShutdown(purger) }
    }

    /// `finishShutdown` blocks up to the drain deadline: on a thread of its own, not the cooperative pool.
    private static func finishShutdown(_ purger: CachePurger) async {
        await withCheckedContinuation { done in
            Thread.detachNewThread {
                purger.finishShutdown()
                done.resume()
            }
        }
    }

    /// Binds and starts the listeners (the metrics one first) and returns.
    func start() throws {
        try metricsServer?.start()
        try server.start()
    }

    /// Stops accepting, drains in-flight responses, flushes the access log.
    func shutdown() async {
        await server.shutdown()
        await metricsServer?.shutdown()
        accessLog?.stop()
    }
}
