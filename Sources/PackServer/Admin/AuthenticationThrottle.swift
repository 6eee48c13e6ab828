import Foundation
import Synchronization

/// Failed authentications per client address, under `FailureRecord`'s rule. Shared by the event loops
/// (which ask whether an address is blocked before anything is read) and the admin worker threads (which
/// record the outcome of each verification).
final class AuthenticationThrottle: Sendable {
    /// Addresses remembered at most; beyond, new addresses go unrecorded until old ones are forgotten.
    static let maxAddresses = 10_000

    private let records = Mutex<[String: FailureRecord]>([:])
    private let clock: @Sendable () -> Double

    /// - Parameter clock: seconds on a monotonic clock (tests pass their own).
    init(clock: @escaping @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime }) {
        self.clock = clock
    }

    /// Seconds until `address` may try again, or nil when it may now.
    func retryAfter(for address: String) -> Int? {
        let now = clock()
        return records.withLock { $0[address]?.retryAfter(at: now) }
    }

    func recordFailure(from address: String) {
        let now = clock()
        records.withLock { records in
            if records[address] == nil && records.count >= Self.maxAddresses {
                records = records.filter { !$0.value.isForgotten(at: now) }
                guard records.count < Self.maxAddresses else { return }
            }
            records[address, default: FailureRecord()].failed(at: now)
        }
    }

    func recordSuccess(from address: String) {
        records.withLock { _ = $0.removeValue(forKey: address) }
    }
}
