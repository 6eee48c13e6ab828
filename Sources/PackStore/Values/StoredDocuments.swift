/// Documents the index holds for a view of the same release with the same Apple versions (in this channel or
/// another): twenty channels reading one release usually need the same bytes, and encoding a download
/// manifest of 100,000 packs again was a tenth of a promote (docs/performance.md "Channels at launch scale").
public struct StoredDocuments: Sendable, Equatable {
    public var profile: String
    /// `ReleaseDocuments.source` of the view they were made for.
    public var source: String
    /// Name → digest.
    public var digests: [String: String]

    public init(profile: String, source: String, digests: [String: String]) {
        self.profile = profile
        self.source = source
        self.digests = digests
    }
}
