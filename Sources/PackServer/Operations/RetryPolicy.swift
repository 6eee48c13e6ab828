import Foundation

/// How a request to another service is tried again after it fails: pauses that double up to a cap, spread at
/// random (jitter) so that the processes a cache outage failed together do not all come back in the same
/// second, a `Retry-After` from the answer taken instead when there is one, a limit on attempts, and a deadline
/// for each attempt as a whole (connecting, writing and reading the answer's head), so that a peer that answers
/// a byte at a time cannot hold an attempt longer than that.
///
/// Pure: `pause(after:retryAfter:random:)` is a function of its arguments, so the caller brings the random
/// number and the clock, and a table tests it.
public struct RetryPolicy: Sendable, Equatable {
    /// How the exponential pause is spread (the AWS Architecture Blog's "Exponential Backoff And Jitter").
    public enum Jitter: Sendable, Equatable {
        /// The pause itself: every client that failed together comes back together.
        case none
        /// Anywhere from 0 to the pause: the widest spread, but a pause may be almost nothing.
        case full
        /// Half the pause, plus up to the other half: spread, and never less than half.
        case equal
    }

    /// Seconds before the second attempt, before jitter; each later pause is `multiplier` times the one before.
    public var firstPause: Double
    public var multiplier: Double
    /// No exponential pause is longer, before jitter.
    public var maxPause: Double
    public var jitter: Jitter
    /// A `Retry-After` asking for longer is cut to this: a cache must not park the purges for a day.
    public var maxRetryAfter: Double
    /// Attempts in all, the first included; after the last fails the request is given up.
    public var maxAttempts: Int
    /// Seconds one attempt may take as a whole.
    public var attemptTimeout: Double

    public init(
        firstPause: Double, multiplier: Double = 2, maxPause: Double, jitter: Jitter = .equal, maxRetryAfter: Double = 60,
        maxAttempts: Int, attemptTimeout: Double
    ) {
        precondition(firstPause >= 0 && multiplier >= 1 && maxPause >= 0 && maxRetryAfter >= 0, "pauses are not negative")
        precondition(maxAttempts >= 1 && attemptTimeout > 0, "at least one attempt, with time to make it")
        self.firstPause = firstPause
        self.multiplier = multiplier
        self.maxPause = maxPause
        self.jitter = jitter
        self.maxRetryAfter = maxRetryAfter
        self.maxAttempts = maxAttempts
        self.attemptTimeout = attemptTimeout
    }

    /// Cache purges (docs/http.md "Purge on go-live"): pauses of about 1, 2, 4, 8, 16 and 32 seconds (seven
    /// attempts over about a minute), each at least half of that; 10 seconds per attempt.
    public static let cachePurge = RetryPolicy(firstPause: 1, maxPause: 32, maxAttempts: 7, attemptTimeout: 10)

    /// The pause after attempt number `attempt` (1 for the first) failed, or nil when it was the last allowed.
    /// - Parameters:
    ///   - retryAfter: the seconds the failed answer's `Retry-After` asked for (`RetryAfter.seconds`); nil
    ///     without one. Taken as it is (the server knows when it will be back), only capped.
    ///   - random: from the caller's source, in 0..<1.
    public func pause(after attempt: Int, retryAfter: Double?, random: Double) -> Double? {
        guard attempt < maxAttempts else { return nil }
        if let retryAfter { return min(max(retryAfter, 0), maxRetryAfter) }
        // The exponent is bounded so that a long run of attempts cannot overflow to infinity (0 × ∞ is NaN).
        let grown = firstPause * pow(multiplier, Double(min(max(attempt - 1, 0), 64)))
        let pause = min(grown, maxPause)
        let random = min(max(random, 0), 1)
        switch jitter {
        case .none: return pause
        case .full: return pause * random
        case .equal: return pause / 2 + pause / 2 * random
        }
    }
}
