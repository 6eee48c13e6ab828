/// The signed description of one release (docs/api.md "The manifest"): the JWS payload.
///
/// `version` increases by one on every signing, so a client that keeps the highest version it accepted
/// can refuse an older manifest (rollback) and, with `exp`, a stale one (freeze).
public struct ManifestDocument: Sendable, Hashable, Codable {
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

    public init(iss: String, iat: Int64, exp: Int64, version: Int, release: Int, packs: [ManifestPack]) {
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
