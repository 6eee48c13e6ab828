import HTTPServer
import Logging
import ServiceLifecycle
import UnixSignals
import Sockets

/// The signals an operator sends a running server other than SIGTERM/SIGINT (those drain and exit,
/// through the service group). SIGHUP re-reads the TLS certificate and key; SIGUSR1 reopens the access
/// log file (logrotate); SIGUSR2 is trapped so that no stray signal ends the server (its default action
/// would). SIGPIPE is ignored by the HTTP server itself.
public struct SignalHandler: Service {
    let signals: UnixSignalsSequence
    let tls: TLSServerContext?
    let accessLog: AccessLogWriter?
    let logger: Logger

    /// Traps the signals at once: call it before anything slow, so an early SIGHUP cannot kill the process.
    public static func trap() async -> UnixSignalsSequence {
        await UnixSignalsSequence(trapping: .sighup, .sigusr1, .sigusr2)
    }

    public init(signals: UnixSignalsSequence, tls: TLSServerContext?, accessLog: AccessLogWriter?, logger: Logger) {
        self.signals = signals
        self.tls = tls
        self.accessLog = accessLog
        self.logger = logger
    }

    public func run() async throws {
        for await signal in signals.cancelOnGracefulShutdown() {
            switch signal {
            case .sighup: reloadCertificate()
            case .sigusr1 where accessLog?.path != "-" && accessLog != nil:
                accessLog?.reopen()
                logger.notice("SIGUSR1: reopened the access log", metadata: ["path": "\(accessLog?.path ?? "")"])
            default: logger.notice("ignoring \(signal): only SIGTERM and SIGINT stop the server")
            }
        }
    }

    private func reloadCertificate() {
        guard let tls else {
            logger.notice("SIGHUP: nothing to reload (no TLS listener)")
            return
        }
        do {
            try tls.reload()
            logger.notice("SIGHUP: reloaded the TLS certificate and key", metadata: ["certificate": "\(tls.certificatePath)"])
        } catch {
            logger.error("SIGHUP: kept the previous TLS certificate and key: \(error)")
        }
    }
}
