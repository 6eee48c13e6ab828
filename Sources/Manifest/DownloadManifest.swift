/// The download manifest of an app with managed Background Assets: `{"assetPacks":[…]}`, packs sorted by id.
/// A pure value; `encoded()` gives its canonical bytes (keys sorted, no `\/`), the form the server sends.
public struct DownloadManifest: Sendable, Hashable, Codable {
    public var assetPacks: [DownloadManifestPack]

    public init(assetPacks: [DownloadManifestPack]) {
        self.assetPacks = assetPacks
    }

    /// The same bytes as `CanonicalJSON.encode(self)`, written by hand: about ten times faster at 100,000 packs.
    public func encoded() -> [UInt8] {
        DownloadManifestWriter.encode(self)
    }
}
