import Foundation
import ReleaseViews

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

    public var percent: RolloutPercent { cohorts.percent }

    /// Whether admitted cohorts read the candidate now.
    public var admitsCandidate: Bool { state == .running }
}
