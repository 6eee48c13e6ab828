/// What ingest learns from a pack's bytes in the pass that also hashes and stores them.
public struct ArchiveInspection: Sendable, Hashable {
    public let format: ArchiveFormat
    /// The rest is for a raw archive (`format == .appleArchive`) only.
    public let archive: Contents?

    public struct Contents: Sendable, Hashable {
        public let entries: Int
        /// Bytes the archive unpacks to: the sum of its entries' data.
        public let installedBytes: UInt64
        /// `ArchiveContentDigest` of the archive, lowercase hex.
        public let contentDigest: String
        /// Nil when the archive has no `Manifest.json`.
        public let manifest: AssetPackManifest?
    }

    public init(format: ArchiveFormat, archive: Contents?) {
        self.format = format
        self.archive = archive
    }
}
