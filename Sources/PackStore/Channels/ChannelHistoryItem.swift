import Foundation
import ReleaseViews

/// One step of a channel's history: the release it pointed at from `pointedAt`, and how it got there.
public struct ChannelHistoryItem: Sendable, Hashable {
    public enum Action: String, Sendable, Hashable {
        case publish, rollback, promote, create
        /// `rollout finish`: the channel moved to the rollout's candidate.
        case rollout
    }

    public var release: Int
    public var pointedAt: Date
    public var action: Action
    /// The release's build range.
    public var builds: BuildRange
    /// Pruned by `gc`: no view answers it any more.
    public var isPruned: Bool

    public init(release: Int, pointedAt: Date, action: Action, builds: BuildRange, isPruned: Bool) {
        self.release = release
        self.pointedAt = pointedAt
        self.action = action
        self.builds = builds
        self.isPruned = isPruned
    }
}
