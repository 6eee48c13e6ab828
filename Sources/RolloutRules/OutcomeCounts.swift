/// Install outcomes devices reported for one release of a rollout (docs/rollouts.md "Reports"): how many,
/// and how many of them failed.
public struct OutcomeCounts: Sendable, Hashable {
    public var outcomes: Int
    public var failures: Int

    public init(outcomes: Int = 0, failures: Int = 0) {
        precondition(outcomes >= 0 && failures >= 0 && failures <= outcomes, "failures are outcomes")
        self.outcomes = outcomes
        self.failures = failures
    }

    /// Failures over outcomes; 0 without outcomes.
    public var failureRate: Double { outcomes == 0 ? 0 : Double(failures) / Double(outcomes) }
}
