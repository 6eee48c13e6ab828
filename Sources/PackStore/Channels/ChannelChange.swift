/// What a change to a channel did (docs/channels.md): the version every view was signed at, how many views
/// there are now, and how many packs and views the build rule raised (their devices download the same bytes
/// once more).
public struct ChannelChange: Sendable, Hashable {
    public var channel: String
    public var version: Int
    /// The release the channel points at now.
    public var release: Int
    public var views: Int
    public var raisedPacks: Int
    public var raisedViews: Int

    public init(channel: String, version: Int, release: Int, views: Int, raisedPacks: Int, raisedViews: Int) {
        self.channel = channel
        self.version = version
        self.release = release
        self.views = views
        self.raisedPacks = raisedPacks
        self.raisedViews = raisedViews
    }
}
