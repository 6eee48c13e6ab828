/// `PUT /admin/builds/{build}`: the channel the build's devices read when their URLs name none; `force` maps
/// it even when a pack's Apple version would fall for them.
public struct BuildRequest: Sendable, Hashable, Codable {
    public var channel: String
    public var force: Bool?

    public init(channel: String, force: Bool? = nil) {
        self.channel = channel
        self.force = force
    }
}
