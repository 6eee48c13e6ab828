/// Documents derived from a view once, when its channel changes, and kept with it, so a server loading the
/// view sends them as they are instead of encoding 100,000 packs again. Opaque to the store, like
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
