/// What a new release is sealed with in the transaction that makes it: its first signed manifest and the
/// documents encoded from it once (the download manifest). `publish` and `rollback` take a sealer and have
/// no other form, so the store itself guarantees that no reader ever sees a release without a manifest.
public protocol ReleaseSealer {
    /// Seals `release` (already inserted, not yet committed) as manifest `version`, from its `packs`
    /// (sorted by id). Throwing rolls the whole publish back.
    func seal(_ release: ReleaseSummary, version: Int, packs: [PackEntry]) throws -> ReleaseSeal
}

/// A sealer's answer for one release.
public struct ReleaseSeal: Sendable {
    /// Seconds since 1970: when the manifest was issued and when clients stop accepting it.
    public var issuedAt: Int64
    public var expiresAt: Int64
    public var manifest: ManifestSignature
    public var documents: ReleaseDocuments

    public init(issuedAt: Int64, expiresAt: Int64, manifest: ManifestSignature, documents: ReleaseDocuments) {
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
        self.manifest = manifest
        self.documents = documents
    }
}

/// Documents derived from a release once, when it is published, and kept with it, so a server loading the
/// release sends them as they are instead of encoding 100,000 packs again. Opaque to the store, like
/// `ManifestSignature`: a name per document and the bytes.
public struct ReleaseDocuments: Sendable, Equatable {
    /// The settings the bytes depend on besides the release (base URL, URL style): a server configured
    /// otherwise ignores them and encodes its own.
    public var profile: String
    public var bodies: [String: [UInt8]]

    public init(profile: String, bodies: [String: [UInt8]]) {
        self.profile = profile
        self.bodies = bodies
    }
}
