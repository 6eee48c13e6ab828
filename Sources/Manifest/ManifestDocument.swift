/// The signed description of one release (docs/api.md "The manifest"): the JWS payload.
///
/// `version` increases by one on every signing, so a client that keeps the highest version it accepted
/// can refuse an older manifest (rollback) and, with `exp`, a stale one (freeze).
public struct ManifestDocument: Sendable, Hashable, Codable {
    /// The channel whose views this signing covers (docs/channels.md): a manifest of one channel is never
    /// valid as another's. Manifests signed before channels existed have none and are production's.
    public var channel: String
    /// The release's build range; nil when it admits every build.
    public var builds: ManifestBuilds?
    /// `publicBaseURL`.
    public var iss: String
    /// Issued at, seconds since 1970.
    public var iat: Int64
    /// Expires at, seconds since 1970.
    public var exp: Int64
    public var version: Int
    public var release: Int
    /// Sorted by id.
    public var packs: [ManifestPack]
    /// Tag → ids of the packs carrying it, each list sorted.
    public var tags: [String: [String]]
    public var totals: ManifestTotals

    public init(
        channel: String = "production", builds: ManifestBuilds? = nil, iss: String, iat: Int64, exp: Int64, version: Int,
        release: Int, packs: [ManifestPack]
    ) {
        self.channel = channel
        self.builds = builds
        self.iss = iss
        self.iat = iat
        self.exp = exp
        self.version = version
        self.release = release
        self.packs = packs.sorted { $0.id < $1.id }
        var tags: [String: [String]] = [:]
        for pack in self.packs {
            for tag in pack.tags { tags[tag, default: []].append(pack.id) }
        }
        self.tags = tags
        totals = ManifestTotals(packs: self.packs)
    }
}

extension ManifestDocument {
    private enum CodingKeys: String, CodingKey {
        case channel, builds, iss, iat, exp, version, release, packs, tags, totals
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        channel = try container.decodeIfPresent(String.self, forKey: .channel) ?? "production"
        builds = try container.decodeIfPresent(ManifestBuilds.self, forKey: .builds)
        iss = try container.decode(String.self, forKey: .iss)
        iat = try container.decode(Int64.self, forKey: .iat)
        exp = try container.decode(Int64.self, forKey: .exp)
        version = try container.decode(Int.self, forKey: .version)
        release = try container.decode(Int.self, forKey: .release)
        packs = try container.decode([ManifestPack].self, forKey: .packs)
        tags = try container.decode([String: [String]].self, forKey: .tags)
        totals = try container.decode(ManifestTotals.self, forKey: .totals)
    }
}
