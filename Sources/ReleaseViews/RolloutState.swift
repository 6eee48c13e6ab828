/// Where a staged rollout stands (docs/rollouts.md). `running` and `halted` are live: the channel takes no
/// publish, promote or rollback until it is finished or cancelled.
public enum RolloutState: String, Sendable, Hashable, CaseIterable {
    /// Admitted cohorts read the candidate.
    case running
    /// Every cohort reads the channel's current release again, until resumed.
    case halted
    /// The channel points at the candidate.
    case finished
    /// Ended without finishing: the channel still points at its release.
    case cancelled

    public var isLive: Bool { self == .running || self == .halted }
}
