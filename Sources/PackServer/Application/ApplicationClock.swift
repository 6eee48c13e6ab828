import Foundation

/// The clocks the application reads, in one place: production passes `.system`; tests pass a manual one, so
/// an expiry, a renewal or a throttle's back-off is reached by advancing time rather than by waiting for it.
public struct ApplicationClock: Sendable {
    /// Unix seconds: the expiry of signed URLs, the instants manifests are signed at and go live at.
    public var now: @Sendable () -> Int64
    /// Seconds on a monotonic clock: the admin API's authentication throttle and upload slots.
    public var uptime: @Sendable () -> Double

    public init(now: @escaping @Sendable () -> Int64, uptime: @escaping @Sendable () -> Double) {
        self.now = now
        self.uptime = uptime
    }

    /// The wall clock and the system's uptime.
    public static let system = ApplicationClock(
        now: { Int64(Date().timeIntervalSince1970) }, uptime: { ProcessInfo.processInfo.systemUptime })
}
