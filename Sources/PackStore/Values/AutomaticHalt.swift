import RolloutRules

/// A rollout the reports halted (docs/rollouts.md "Automatic halt"): the rollout as it stands now, what the
/// rule decided, and the signing that serves every cohort the control again.
public struct AutomaticHalt: Sendable {
    public var rollout: RolloutStatus
    public var decision: HaltDecision
    public var change: ChannelChange
}
