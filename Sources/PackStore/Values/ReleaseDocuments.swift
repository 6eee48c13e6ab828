/// Documents derived from a view once, when its channel changes, and kept with it, so a server loading the
/// view sends them as they are instead of encoding 100,000 packs again. Opaque to the store, like
/// `ManifestSignature`: a name per document and the bytes.
public struct ReleaseDocuments: Sendable, Equatable {
    /// The settings the bytes depend on besides the release (base URL, URL style): a server configured
    /// otherwise ignores them and encodes its own.
    public var profile: String
    /// What else the bytes were made from, in the sealer's words (a view's base URL), besides the release,
    /// the view's Apple versions and `profile`: a later view with all four the same is offered these documents
    /// (`SealedView.storedDocuments`) instead of encoding them again. Empty: offer them to nobody.
    public var source: String
    public var bodies: [String: [UInt8]]
    /// Documents the index already holds (one of `SealedView.storedDocuments`), by name: their digests.
    public var storedDigests: [String: String]

    public init(profile: String, source: String = "", bodies: [String: [UInt8]]) {
        self.profile = profile
        self.source = source
        self.bodies = bodies
        storedDigests = [:]
    }

    /// The documents `stored` names, sent again without their bytes.
    public init(reusing stored: StoredDocuments) {
        profile = stored.profile
        source = stored.source
        bodies = [:]
        storedDigests = stored.digests
    }
}
