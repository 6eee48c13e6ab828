import Foundation

/// The purger's side of a shutdown, shared by its endpoints' queues: after `begin` no attempt runs past the
/// drain deadline and a retry that could not start before it is dropped at once; after `dropAll` nothing more
/// is sent. The pauses between attempts wait here, on a condition that both wake, so a purge that waits 32 s
/// for its next attempt does not keep the process from exiting.
final class PurgeShutdown: @unchecked Sendable {
    // Guards `deadline` and `dropping`; its broadcast ends every pause early to look at them again.
    private let condition = NSCondition()
    private var deadline: ContinuousClock.Instant?
    private var dropping = false

    /// Starts the drain (the first call sets the deadline; later ones keep it) and returns the deadline.
    @discardableResult
    func begin(within seconds: Double) -> ContinuousClock.Instant {
        condition.lock()
        defer { condition.unlock() }
        let deadline = deadline ?? .now + .seconds(seconds)
        self.deadline = deadline
        condition.broadcast()
        return deadline
    }

    /// Past the drain deadline: what is not sent yet never will be.
    func dropAll() {
        condition.lock()
        dropping = true
        condition.broadcast()
        condition.unlock()
    }

    /// The deadline of an attempt that starts now and may take until `wanted`: never past the drain deadline.
    /// Nil when it must not start at all (dropping, or the drain deadline has passed).
    func attemptDeadline(_ wanted: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        condition.lock()
        defer { condition.unlock() }
        guard !dropping else { return nil }
        guard let deadline else { return wanted }
        return deadline > .now ? min(wanted, deadline) : nil
    }

    /// Waits `seconds` before the next attempt; false when that attempt will not be made, because the drain
    /// deadline comes first or everything is being dropped (then it returns at once).
    func pause(_ seconds: Double) -> Bool {
        let end = ContinuousClock.now + .seconds(seconds)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if dropping { return false }
            if let deadline, end > deadline { return false }
            let left = ContinuousClock.now.duration(to: end)
            if left <= .zero { return true }
            // NSCondition waits until a wall-clock date; at most a second at a time, so that a step of the
            // system clock cannot stretch a pause by more than that.
            _ = condition.wait(until: Date(timeIntervalSinceNow: min(Self.seconds(left), 1)))
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
