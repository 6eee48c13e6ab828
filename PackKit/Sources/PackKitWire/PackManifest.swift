/// The signed description of one release of one channel: the JWS payload. Decoded tolerantly — fields it
/// does not know are ignored, optional ones default — so an older app keeps reading a newer server.
public struct PackManifest: Sendable, Hashable, Codable {
    /// The server's `publicBaseURL`; with `channel`, what the rollback guard keys versions by.
    public var iss: String
    /// The channel this signing is for; manifests that name none are production's.
    public var channel: String
    /// The release's build range; nil when it admits every build.
    public var builds: ManifestBuilds?
    /// Issued at and expires at, seconds since 1970.
    public var iat: Int64
    public var exp: Int64
    /// Rises by one on every signing of the channel: a client refuses a lower one (rollback).
    public var version: Int
    /// Names the content.
    public var release: Int
    /// Sorted by id.
    public var packs: [PackDescriptor]
    /// Tag → ids of the packs carrying it.
    public var tags: [String: [String]]
    public var totals: PolicyTotals

    /// The channel a manifest without `channel` belongs to.
    public static let productionChannel = "production"

    public init(
        iss: String, channel: String = PackManifest.productionChannel, builds: ManifestBuilds? = nil, iat: Int64,
        exp: Int64, version: Int, release: Int, packs: [PackDescriptor]
    ) {
        self.iss = iss
        self.channel = channel
        self.builds = builds
        self.iat = iat
        self.exp = exp
        self.version = version
        self.release = release
        self.packs = packs.sorted { $0.id < $1.id }
        tags = Self.tagIndex(self.packs)
        totals = PolicyTotals(packs: self.packs)
    }

    /// The pack with `id`, if listed.
    public func pack(id: String) -> PackDescriptor? {
        packs.first { $0.id == id }
    }

    /// The packs carrying any of `tags`, each once, in manifest order; throws naming the first tag the
    /// manifest does not have (an ODR request for an unknown tag fails as a whole).
    public func packs(forTags tags: some Sequence<String>) throws(UnknownTagError) -> [PackDescriptor] {
        var ids = Set<String>()
        for tag in tags {
            guard let listed = self.tags[tag] else { throw UnknownTagError(tag: tag) }
            ids.formUnion(listed)
        }
        return packs.filter { ids.contains($0.id) }
    }

    private static func tagIndex(_ packs: [PackDescriptor]) -> [String: [String]] {
        var tags: [String: [String]] = [:]
        for pack in packs {
            for tag in pack.tags { tags[tag, default: []].append(pack.id) }
        }
        return tags
    }

    private enum CodingKeys: String, CodingKey {
        case iss, channel, builds, iat, exp, version, release, packs, tags, totals
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        iss = try container.decode(String.self, forKey: .iss)
        channel = try container.decodeIfPresent(String.self, forKey: .channel) ?? Self.productionChannel
        builds = try container.decodeIfPresent(ManifestBuilds.self, forKey: .builds)
        iat = try container.decodeIfPresent(Int64.self, forKey: .iat) ?? 0
        exp = try container.decode(Int64.self, forKey: .exp)
        version = try container.decode(Int.self, forKey: .version)
        release = try container.decode(Int.self, forKey: .release)
        packs = try container.decode([PackDescriptor].self, forKey: .packs)
        tags = try container.decodeIfPresent([String: [String]].self, forKey: .tags) ?? Self.tagIndex(packs)
        totals = try container.decodeIfPresent(PolicyTotals.self, forKey: .totals) ?? PolicyTotals(packs: packs)
    }
}
