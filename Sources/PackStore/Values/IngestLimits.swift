/// What one `add` or upload may bring in (config `limits.maxPackBytes`, `limits.maxArchiveEntries`).
public struct IngestLimits: Sendable, Equatable {
    /// Bytes of the pack.
    public var maxPackBytes: Int64
    /// Entries of a raw Apple Archive: reading one costs 32 bytes of memory an entry until it is digested
    /// (docs/apple-archive.md "Content digest"), so a million is 32 MiB.
    public var maxArchiveEntries: Int

    public static let defaultMaxArchiveEntries = 1_000_000

    public init(maxPackBytes: Int64 = PackStore.defaultMaxPackBytes, maxArchiveEntries: Int = Self.defaultMaxArchiveEntries) {
        self.maxPackBytes = maxPackBytes
        self.maxArchiveEntries = maxArchiveEntries
    }
}
