/// How often and how patiently a broken transfer is retried: exponential backoff from `initialDelay`,
/// doubling, capped at `maxDelay`, at most `maxRetries` times in a row without progress.
public struct RetryPolicy: Sendable, Hashable {
    public var maxRetries: Int
    public var initialDelay: Duration
    public var maxDelay: Duration

    public init(maxRetries: Int = 5, initialDelay: Duration = .milliseconds(250), maxDelay: Duration = .seconds(8)) {
        self.maxRetries = maxRetries
        self.initialDelay = initialDelay
        self.maxDelay = maxDelay
    }

    /// The pause before retry number `retry` (1-based): 0.25 s, 0.5 s, 1 s, … up to `maxDelay`.
    public func delay(beforeRetry retry: Int) -> Duration {
        var delay = initialDelay
        for _ in 1..<max(retry, 1) {
            delay = delay * 2
            if delay >= maxDelay { return maxDelay }
        }
        return min(delay, maxDelay)
    }
}
