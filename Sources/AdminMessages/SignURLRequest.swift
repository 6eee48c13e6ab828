/// `POST /admin/urls`: the pack to sign a URL for and the URL's lifetime in seconds (default one hour).
public struct SignURLRequest: Sendable, Hashable, Codable {
    public var id: String
    public var ttl: Int?

    public init(id: String, ttl: Int? = nil) {
        self.id = id
        self.ttl = ttl
    }
}
