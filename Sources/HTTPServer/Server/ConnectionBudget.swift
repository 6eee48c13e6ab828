import Synchronization

/// The server-wide count of open connections against `maxConnections`, shared by all event loops.
/// A loop reserves a place before accepting, so the limit holds even when loops accept at once.
final class ConnectionBudget: Sendable {
    let limit: Int
    private let open = Atomic<Int>(0)

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    var count: Int { open.load(ordering: .relaxed) }

    /// Takes a place, or returns false when all are taken.
    func reserve() -> Bool {
        var current = open.load(ordering: .relaxed)
        while current < limit {
            let (exchanged, original) = open.compareExchange(
                expected: current, desired: current + 1, ordering: .acquiringAndReleasing)
            if exchanged { return true }
            current = original
        }
        return false
    }

    /// Gives a place back; returns true if the budget was full before (accepting may resume).
    @discardableResult
    func release() -> Bool {
        open.subtract(1, ordering: .acquiringAndReleasing).oldValue >= limit
    }
}
