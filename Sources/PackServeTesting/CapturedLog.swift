import Logging
import Synchronization

/// The application's log kept in memory, one line per message (`LEVEL message key=value …`), for tests
/// that check what an operator is told.
public final class CapturedLog: Sendable {
    private let lines = Mutex<[String]>([])

    public init() {}

    public var messages: [String] { lines.withLock { $0 } }

    /// The lines that contain `text`.
    public func lines(containing text: String) -> [String] { messages.filter { $0.contains(text) } }

    /// A logger at `level` that writes here.
    public func logger(level: Logger.Level = .info) -> Logger {
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
            let fields = metadata.merging(event.metadata ?? [:]) { $1 }
                .sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined()
            log.lines.withLock { $0.append("\(event.level) \(event.message)\(fields)") }
        }
    }
}
