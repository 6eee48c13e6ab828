/// `POST /admin/publish`: an optional note stored with the release, the channel to point at it (default
/// production) and the app builds it works with (docs/api.md "Admin API", docs/channels.md). The server reads
/// it strictly (PackServer's `AdminJSONBody`); `packserve push --publish` encodes this same type.
public struct PublishRequest: Sendable, Hashable, Codable {
    public var note: String?
    public var channel: String?
    public var minBuild: String?
    public var maxBuild: String?

    public init(note: String?, channel: String? = nil, minBuild: String? = nil, maxBuild: String? = nil) {
        self.note = note
        self.channel = channel
        self.minBuild = minBuild
        self.maxBuild = maxBuild
    }
}
