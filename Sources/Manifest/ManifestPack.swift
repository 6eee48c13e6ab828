/// One pack as a client sees it (docs/api.md "The manifest"): where to download it, its exact size and
/// SHA-256, its tags and when to fetch it. The same object appears in the manifest, in `GET /tags/{tag}`
/// and in `packserve ls --json --release N`.
public struct ManifestPack: Sendable, Hashable, Codable {
    public var id: String
    public var version: Int
    /// Absolute URL; absent in draft listings, which have no URL yet.
    public var url: String?
    public var size: Int64
    public var sha256: String
    public var tags: [String]
    public var policy: String
    public var order: Int
    public var contentType: String
    /// `"private"` when downloading the bytes needs credentials (docs/api.md "Private packs"); absent for
    /// the usual public pack, so manifests without private packs are what they always were.
    public var access: String?

    public init(
        id: String, version: Int, url: String?, size: Int64, sha256: String, tags: [String], policy: String,
        order: Int, contentType: String, access: String? = nil
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
}
