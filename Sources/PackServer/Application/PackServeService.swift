import HTTPServer
import Logging
import ServiceLifecycle

/// Runs the HTTP server under swift-service-lifecycle: starts it, waits for SIGTERM/SIGINT (graceful
/// shutdown), then stops accepting and drains in-flight responses before returning.
public struct PackServeService: Service {
    let server: HTTPServer
    let logger: Logger

    public init(server: HTTPServer, logger: Logger) {
        self.server = server
        self.logger = logger
    }

    public func run() async throws {
        try server.start()
        // Returns when a shutdown signal arrives (or the task is cancelled).
        try? await gracefulShutdown()
        logger.info("shutting down: draining in-flight responses")
        await server.shutdown()
        logger.info("stopped")
    }
}
