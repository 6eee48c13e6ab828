/// `PUT /admin/channels/{name}`: create the channel at `release` (default: production's release), or move an
/// existing one to `release`, which must be newer (a promote).
public struct ChannelRequest: Sendable, Hashable, Codable {
    public var release: Int?
    public var requireCredentials: Bool?

    public init(release: Int?, requireCredentials: Bool? = nil) {
        self.release = release
        self.requireCredentials = requireCredentials
    }
}
