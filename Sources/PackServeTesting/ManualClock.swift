import PackServer
import Synchronization

/// Time that moves only when a test moves it: an expiry, a renewal or a throttle's back-off is reached by
/// `advance(by:)`, never by sleeping. Both of the application's clocks (`ApplicationClock`) read it, so they
/// move together.
public final class ManualClock: Sendable {
    private struct Reading {
        var unixSeconds: Int64
        var uptime: Double
    }

    private let reading: Mutex<Reading>

    /// - Parameter unixSeconds: where the wall clock starts; the default is a fixed instant in 2026, so a
    ///   test's outcome does not depend on the day it runs (signed releases are dated by the store, not by it).
    public init(unixSeconds: Int64 = 1_795_000_000) {
        reading = Mutex(Reading(unixSeconds: unixSeconds, uptime: 1_000))
    }

    /// Unix seconds now.
    public var now: Int64 { reading.withLock { $0.unixSeconds } }

    /// Moves both clocks forward.
    public func advance(by seconds: Int64) {
        reading.withLock {
            $0.unixSeconds += seconds
            $0.uptime += Double(seconds)
        }
    }

    /// What the application is given to read this clock.
    public var applicationClock: ApplicationClock {
        ApplicationClock(now: { [self] in now }, uptime: { [self] in reading.withLock { $0.uptime } })
    }
}
