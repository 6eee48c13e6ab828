/// What a pack that is a raw Apple Archive holds, read when it was added (docs/apple-archive.md); `ls --json`
/// shows it as `archive: {"assetPackID","entries","installedBytes"}`.
public struct PackArchive: Sendable, Hashable, Codable {
    /// The `assetPackID` of its `Manifest.json`; nil when it has none.
    public var assetPackID: String?
    public var entries: Int
    /// What it unpacks to: its entries' data bytes.
    public var installedBytes: Int64

    public init(assetPackID: String?, entries: Int, installedBytes: Int64) {
        self.assetPackID = assetPackID
        self.entries = entries
        self.installedBytes = installedBytes
    }
}
