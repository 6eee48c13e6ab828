/// The answer to a change of a channel (publish, rollback, promote, create, a build remap): the release the
/// channel points at, its new manifest `version`, and how many packs and views the Apple version rule raised.
public struct PublishOutcome: Sendable, Hashable, Codable {
    public var release: Int
    public var version: Int
    public var channel: String?
    public var raisedPacks: Int?
    public var raisedViews: Int?

    public init(release: Int, version: Int, channel: String? = nil, raisedPacks: Int? = nil, raisedViews: Int? = nil) {
        self.release = release
        self.version = version
        self.channel = channel
        self.raisedPacks = raisedPacks
        self.raisedViews = raisedViews
    }
}
