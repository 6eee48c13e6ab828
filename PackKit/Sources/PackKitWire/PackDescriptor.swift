/// What a manifest says about one pack: where its bytes are, their exact size and SHA-256, its tags, and
/// when to fetch it. Unknown fields are ignored, so a newer server's additions do not break an older app.
public struct PackDescriptor: Sendable, Hashable, Codable, Identifiable {
    /// The pack id (`level-5`, `com.example.game.level-1`).
    public var id: String
    /// Counts uploads of this id; informational (the digest says whether bytes changed).
    public var version: Int
    /// Absolute URL of the bytes.
    public var url: String?
    /// Exact size in bytes.
    public var size: Int64
    /// Lowercase hex SHA-256 of the bytes.
    public var sha256: String
    public var tags: [String]
    public var policy: PackPolicy
    /// Position among prefetch packs (ascending).
    public var order: Int
    public var contentType: String?
    /// `"private"` when the bytes need credentials or a signed URL; absent for public packs.
    public var access: String?

    public init(
        id: String, version: Int = 1, url: String?, size: Int64, sha256: String, tags: [String] = [],
        policy: PackPolicy = .onDemand, order: Int = 0, contentType: String? = nil, access: String? = nil
    ) {
        self.id = id
        self.version = version
        self.url = url
        self.size = size
        self.sha256 = sha256
        self.tags = tags
        self.policy = policy
        self.order = order
        self.contentType = contentType
        self.access = access
    }

    /// Whether the bytes need credentials or a signed URL.
    public var isPrivate: Bool { access == "private" }

    private enum CodingKeys: String, CodingKey {
        case id, version, url, size, sha256, tags, policy, order, contentType, access
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        version = try container.decodeIfPresent(Int.self, forKey: .version) ?? 1
        url = try container.decodeIfPresent(String.self, forKey: .url)
        size = try container.decode(Int64.self, forKey: .size)
        sha256 = try container.decode(String.self, forKey: .sha256)
        tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []
        policy = try container.decodeIfPresent(PackPolicy.self, forKey: .policy) ?? .onDemand
        order = try container.decodeIfPresent(Int.self, forKey: .order) ?? 0
        contentType = try container.decodeIfPresent(String.self, forKey: .contentType)
        access = try container.decodeIfPresent(String.self, forKey: .access)
    }
}
