/// `POST /admin/urls`: the pack to sign a URL for, the URL's lifetime in seconds (default one hour), and the
/// view it is read in: a channel (default production) and a build (default none).
public struct SignURLRequest: Sendable, Hashable, Codable {
    public var id: String
    public var ttl: Int?
    public var channel: String?
    public var build: String?

    public init(id: String, ttl: Int? = nil, channel: String? = nil, build: String? = nil) {
        self.id = id
        self.ttl = ttl
        self.channel = channel
        self.build = build
    }
}
