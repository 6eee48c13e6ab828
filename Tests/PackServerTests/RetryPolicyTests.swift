import Testing

@testable import PackServer

/// The pauses between attempts as a table: growth and its cap, each jitter at the ends and the middle of its
/// random range, `Retry-After` taken and capped, and the last attempt given up.
@Suite struct RetryPolicyTests {
    /// 1, 2, 4 … seconds up to 32; seven attempts; a Retry-After of at most 60 s.
    static func policy(_ jitter: RetryPolicy.Jitter, maxAttempts: Int = 7, firstPause: Double = 1) -> RetryPolicy {
        RetryPolicy(firstPause: firstPause, maxPause: 32, jitter: jitter, maxRetryAfter: 60, maxAttempts: maxAttempts, attemptTimeout: 10)
    }

    @Test(arguments: [
        // jitter, attempt that failed, Retry-After, random, pause
        (RetryPolicy.Jitter.none, 1, nil, 0.7, 1.0),
        (.none, 2, nil, 0.7, 2),
        (.none, 3, nil, 0.7, 4),
        (.none, 5, nil, 0.7, 16),
        (.none, 6, nil, 0.7, 32),
        // Full jitter: anywhere from nothing to the whole pause.
        (.full, 1, nil, 0, 0),
        (.full, 3, nil, 0.5, 2),
        (.full, 4, nil, 0.25, 2),
        (.full, 6, nil, 0.75, 24),
        // Equal jitter: half the pause, plus up to the other half.
        (.equal, 1, nil, 0, 0.5),
        (.equal, 4, nil, 0, 4),
        (.equal, 4, nil, 0.5, 6),
        (.equal, 6, nil, 0.5, 24),
        // A random number outside 0..<1 from a careless source cannot make a pause longer than the pause.
        (.equal, 4, nil, 7, 8),
        (.full, 4, nil, -1, 0),
        // Retry-After wins over the pause and its jitter, whatever the attempt; capped; never negative.
        (.equal, 1, 5, 0.9, 5),
        (.full, 6, 0, 0.9, 0),
        (.none, 2, 3_600, 0.9, 60),
        (.none, 2, 1e20, 0.9, 60),
        (.equal, 3, -4, 0.9, 0),
    ] as [(RetryPolicy.Jitter, Int, Double?, Double, Double)])
    func pauses(jitter: RetryPolicy.Jitter, attempt: Int, retryAfter: Double?, random: Double, pause: Double) {
        #expect(Self.policy(jitter).pause(after: attempt, retryAfter: retryAfter, random: random) == pause)
    }

    @Test func theLastAttemptIsGivenUpEvenWithARetryAfter() {
        let policy = Self.policy(.equal)
        #expect(policy.pause(after: 6, retryAfter: nil, random: 0) != nil)
        #expect(policy.pause(after: 7, retryAfter: nil, random: 0) == nil)
        #expect(policy.pause(after: 7, retryAfter: 1, random: 0) == nil)
        #expect(Self.policy(.none, maxAttempts: 1).pause(after: 1, retryAfter: nil, random: 0) == nil)
    }

    @Test func pausesStayAtTheCapHoweverManyAttempts() {
        let policy = Self.policy(.none, maxAttempts: 10_000)
        #expect(policy.pause(after: 10, retryAfter: nil, random: 0) == 32)
        #expect(policy.pause(after: 9_999, retryAfter: nil, random: 0) == 32)
        // No pause at all stays none, not NaN (0 × 2^9998 would be 0 × ∞ without the bounded exponent).
        #expect(Self.policy(.full, maxAttempts: 10_000, firstPause: 0).pause(after: 9_999, retryAfter: nil, random: 0.5) == 0)
    }

    @Test func theCachePurgePolicyKeepsTheDocumentedPausesAndDeadline() {
        let policy = RetryPolicy.cachePurge
        #expect((1...6).map { policy.pause(after: $0, retryAfter: nil, random: 1) } == [1, 2, 4, 8, 16, 32])
        #expect((1...6).map { policy.pause(after: $0, retryAfter: nil, random: 0) } == [0.5, 1, 2, 4, 8, 16])
        #expect(policy.pause(after: 7, retryAfter: nil, random: 0) == nil)
        #expect(policy.attemptTimeout == 10)
    }

    // Sun, 06 Nov 1994 08:49:37 GMT, RFC 9110's example date.
    static let example: Int64 = 784_111_777

    @Test(arguments: [
        ("120", example, 120),
        (" 7\t", example, 7),
        ("0", example, 0),
        // Too large for any integer type is still a wait (the policy caps it).
        ("99999999999999999999", example, 1e20),
        // The three HTTP-date forms; a date already past is no wait.
        ("Sun, 06 Nov 1994 08:49:37 GMT", example - 30, 30),
        ("Sunday, 06-Nov-94 08:49:37 GMT", example - 30, 30),
        ("Sun Nov  6 08:49:37 1994", example - 30, 30),
        ("Sun, 06 Nov 1994 08:49:37 GMT", example + 100, 0),
    ] as [(String, Int64, Double)])
    func retryAfterValues(value: String, now: Int64, seconds: Double) {
        #expect(RetryAfter.seconds(value, now: now) == seconds)
    }

    @Test(arguments: ["", " ", "-5", "+5", "1.5", "5s", "soon", "Sun, 06 Nov 1994 08:49:37 UTC", "0x10"])
    func retryAfterValuesThatAreNeither(value: String) {
        #expect(RetryAfter.seconds(value, now: Self.example) == nil)
    }
}
