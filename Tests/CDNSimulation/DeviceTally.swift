import Synchronization

/// What a fleet of devices did, counted across threads: requests, bytes, resumes, verified packs, and the
/// problems met (the first 30 kept for the report, all counted). One per simulation (or per test).
package final class DeviceTally: Sendable {
    package enum Counter: CaseIterable, Sendable {
        case connections
        /// Requests sent again on a new connection (the peer closed an idle one, or the request failed before
        /// a head arrived).
        case requestRetries
        case documentRequests
        case documentBytes
        case documentsNotModified
        case documentsRead
        case packRequests
        case packBytes
        case interruptedDownloads
        case resumesAnswered206
        case resumesAnswered200
        case packsVerified
        case packsWithWrongBytes
        case packsUpdated
        case polls
        case problems
    }

    private let counts = Mutex<[Counter: Int]>([:])
    private let kept = Mutex<[String]>([])

    package init() {}

    package func add(_ counter: Counter, _ value: Int = 1) {
        counts.withLock { $0[counter, default: 0] += value }
    }

    package subscript(_ counter: Counter) -> Int {
        counts.withLock { $0[counter, default: 0] }
    }

    /// Records a problem (counted; the first 30 texts kept).
    package func problem(_ text: String) {
        add(.problems)
        kept.withLock { if $0.count < 30 { $0.append(text) } }
    }

    package var problems: [String] { kept.withLock { $0 } }
}
