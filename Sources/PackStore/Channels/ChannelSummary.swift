import Foundation

/// One channel as `channels` lists it: where it points, its manifest version, whether its views need
/// credentials (docs/channels.md), and its live rollout.
public struct ChannelSummary: Sendable, Hashable {
    public var name: String
    /// The release the channel points at; nil only for production before the first publish.
    public var release: Int?
    /// The channel's last manifest `version` (0 before its first signing).
    public var version: Int
    public var requireCredentials: Bool
    public var createdAt: Date
    /// Its rollout while one is running or halted (docs/rollouts.md).
    public var rollout: RolloutStatus?

    public init(
        name: String, release: Int?, version: Int, requireCredentials: Bool, createdAt: Date, rollout: RolloutStatus? = nil
    ) {
        self.name = name
        self.release = release
        self.version = version
        self.requireCredentials = requireCredentials
        self.createdAt = createdAt
        self.rollout = rollout
    }
}
