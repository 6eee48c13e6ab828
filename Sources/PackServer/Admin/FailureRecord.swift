/// The slow-down rule for failed authentications from one address (docs/api.md "Admin API"), as a value:
/// the first `freeFailures` failures within `window` seconds of each other cost nothing; each one after that
/// blocks the address for 1 s, then 2 s, 4 s … at most `maxBlock` s. While blocked, the address's admin
/// requests are answered 429 without looking at their token (so they cannot guess meanwhile), and do not
/// count. A success, or `window` seconds without a failure, forgets the address.
struct FailureRecord: Equatable, Sendable {
    static let freeFailures = 5
    static let window: Double = 60
    static let maxBlock: Double = 60

    private(set) var failures = 0
    private(set) var lastFailure: Double = 0
    private(set) var blockedUntil: Double = 0

    mutating func failed(at now: Double) {
        if now - lastFailure > Self.window { failures = 0 }
        failures += 1
        lastFailure = now
        let beyond = failures - Self.freeFailures
        if beyond > 0 {
            blockedUntil = now + min(Self.maxBlock, Double(1 << min(beyond - 1, 16)))
        }
    }

    /// Whole seconds until the block ends (at least 1), or nil when not blocked.
    func retryAfter(at now: Double) -> Int? {
        guard now < blockedUntil else { return nil }
        return max(1, Int((blockedUntil - now).rounded(.up)))
    }

    /// Nothing left to remember: no block, and the last failure is out of the window.
    func isForgotten(at now: Double) -> Bool {
        now >= blockedUntil && now - lastFailure > Self.window
    }
}
