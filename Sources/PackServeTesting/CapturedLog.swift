import Logging
import Synchronization

/// A log that keeps its messages in memory, for tests that check what an operator is told (and how often).
public final class CapturedLog: Sendable {
    private let lines = Mutex<[String]>([])

    public init() {}

    /// Every message so far, as logged (without level or metadata).
    public var messages: [String] { lines.withLock { $0 } }

    /// A logger that writes here, at every level.
    public var logger: Logger { logger(level: .trace) }

    /// A logger at `level` that writes here.
    public func logger(level: Logger.Level) -> Logger {
        var logger = Logger(label: "packserve") { _ in Handler(log: self) }
        logger.logLevel = level
        return logger
    }

    struct Handler: LogHandler {
        let log: CapturedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            log.lines.withLock { $0.append("\(event.message)") }
        }
    }
}
