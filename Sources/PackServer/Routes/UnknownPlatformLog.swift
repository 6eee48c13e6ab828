import Logging
import Synchronization

/// Logs each platform value a device asked for that PackServe does not know, once (docs/api.md "The
/// download manifest"). Such a device gets the whole catalog rather than a 400: a platform name Apple adds
/// later must not cost those devices every pack. The set is bounded, so a client inventing values cannot
/// grow memory or the log without end.
final class UnknownPlatformLog: Sendable {
    static let capacity = 64

    private let logger: Logger
    private let seen = Mutex<Set<String>>([])

    init(logger: Logger) {
        self.logger = logger
    }

    /// Records the `platform` values of a request that named no one known platform; logs them when they are
    /// new, and says so once when the set fills up.
    func record(_ values: [String]) {
        let key = values.map(\.debugDescription).joined(separator: ", ")
        let line: String? = seen.withLock { seen in
            guard seen.count < Self.capacity, !seen.contains(key) else { return nil }
            seen.insert(key)
            let what = values.count == 1 ? "platform \(key) is unknown" : "platform given \(values.count) times (\(key))"
            if seen.count == Self.capacity {
                return "\(what): answered with every pack; \(Self.capacity) such values seen, further ones are not logged"
            }
            return "\(what): answered with every pack"
        }
        // Outside the lock: a log handler may block on its output.
        if let line { logger.notice("\(line)") }
    }
}
