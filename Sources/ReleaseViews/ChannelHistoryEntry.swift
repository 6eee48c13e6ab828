/// A release a channel pointed at, with the builds it works with: one step of the channel's history.
public struct ChannelHistoryEntry: Sendable, Hashable {
    public let release: Int
    public let builds: BuildRange

    public init(release: Int, builds: BuildRange = .all) {
        self.release = release
        self.builds = builds
    }
}
