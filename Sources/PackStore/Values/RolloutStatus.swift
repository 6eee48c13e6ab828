import Foundation
import ReleaseViews
import RolloutRules

/// A channel's staged rollout as the index holds it (docs/rollouts.md): the candidate release, the share of
/// cohorts admitted and which ones, and where it stands.
public struct RolloutStatus: Sendable, Hashable {
    public var channel: ChannelName
    public var candidate: Int
    /// The channel's release when the rollout started (the control).
    public var previousRelease: Int
    public var cohorts: RolloutCohorts
    public var state: RolloutState
    public var startedAt: Date
    public var changedAt: Date
    /// Outcomes devices reported since it started, for the candidate and for the control.
    public var candidateOutcomes = OutcomeCounts()
    public var controlOutcomes = OutcomeCounts()
    /// Why it was last halted: `failure-rate`, `control` (automatic) or `manual`; nil if it never was.
    public var haltReason: String?

    public var percent: RolloutPercent { cohorts.percent }

    /// Whether admitted cohorts read the candidate now.
    public var admitsCandidate: Bool { state == .running }
}
