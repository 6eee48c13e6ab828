import Foundation
import Synchronization

/// Failed authentications per client (`ThrottleKey`: IPv4 address, IPv6 /64), under `FailureRecord`'s rule.
/// Shared by the event loops (which ask whether a client is blocked before anything is read) and the admin
/// worker threads (which record the outcome of each verification).
///
/// The table is bounded: a client's entry is forgotten after a quiet `FailureRecord.window`, and when the
/// table is full of live entries a failure from a client not in it is not forgotten either — it is refused
/// as throttled (`recordFailure` returns false), so filling the table never opens it. Valid tokens are
/// answered whatever the table holds.
final class AuthenticationThrottle: Sendable {
    /// Clients remembered at most.
    static let defaultCapacity = 10_000

    private struct Table {
        var records: [ThrottleKey: FailureRecord] = [:]
        var lastPrune: Double = 0
    }

    private let table = Mutex(Table())
    private let capacity: Int
    private let clock: @Sendable () -> Double

    /// - Parameter clock: seconds on a monotonic clock (tests pass their own).
    init(capacity: Int = defaultCapacity, clock: @escaping @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime }) {
        self.capacity = capacity
        self.clock = clock
    }

    /// Seconds until `address` may try again, or nil when it may now.
    func retryAfter(for address: String) -> Int? {
        let now = clock()
        let key = ThrottleKey(address: address)
        return table.withLock { $0.records[key]?.retryAfter(at: now) }
    }

    /// Counts a failed authentication. Returns false when the table is full of clients with recent
    /// failures and `address` is not among them: the caller answers as throttled.
    @discardableResult
    func recordFailure(from address: String) -> Bool {
        let now = clock()
        let key = ThrottleKey(address: address)
        return table.withLock { table in
            // Forgetting costs a pass over the table: at most once a window, or when it is full.
            if now - table.lastPrune >= FailureRecord.window || (table.records[key] == nil && table.records.count >= capacity) {
                table.records = table.records.filter { !$0.value.isForgotten(at: now) }
                table.lastPrune = now
            }
            guard table.records[key] != nil || table.records.count < capacity else { return false }
            table.records[key, default: FailureRecord()].failed(at: now)
            return true
        }
    }

    func recordSuccess(from address: String) {
        let key = ThrottleKey(address: address)
        table.withLock { _ = $0.records.removeValue(forKey: key) }
    }

    /// Clients remembered now (for tests of the bound).
    var count: Int { table.withLock { $0.records.count } }
}
