/// `POST /admin/rollback`: the release whose content (and build range) is published again as a new release,
/// and the channel to point at it (default production).
public struct RollbackRequest: Sendable, Hashable, Codable {
    public var release: Int
    public var channel: String?

    public init(release: Int, channel: String? = nil) {
        self.release = release
        self.channel = channel
    }
}
