/// A handler that counts what an archive installs and keeps the pack's `Manifest.json`: the entries, the
/// bytes of their data (what the archive unpacks to, `BAMaxInstallSize`'s measure) and, bounded, the bytes of
/// the regular file at the archive's root named `Manifest.json` (where `ba-package` puts the pack manifest).
public struct ArchiveSurvey: ArchiveEventHandler, Sendable {
    public static let manifestPath = Array("Manifest.json".utf8)
    /// A pack manifest is a few hundred bytes; a larger one is not what `ba-package` writes.
    public static let defaultMaxManifestBytes = 1 << 20

    public let maxManifestBytes: Int
    /// Entries read before the archive is refused (what the content digest's memory grows with).
    public let maxEntries: Int
    public private(set) var entries = 0
    /// Sum of every entry's `DAT` size.
    public private(set) var installedBytes: UInt64 = 0
    /// Nil when the archive has no `Manifest.json`.
    public private(set) var manifestJSON: [UInt8]?
    /// Where the `Manifest.json` entry's header starts, for errors about its content.
    public private(set) var manifestOffset: Int64?
    private var collecting = false

    public init(maxManifestBytes: Int = Self.defaultMaxManifestBytes, maxEntries: Int = .max) {
        self.maxManifestBytes = maxManifestBytes
        self.maxEntries = maxEntries
    }

    public mutating func entryStarted(_ header: ArchiveEntryHeader) throws(AppleArchiveError) {
        guard entries < maxEntries else {
            throw AppleArchiveError(offset: header.offset, "more than \(maxEntries) entries", entryLimit: maxEntries)
        }
        entries += 1
        // The reader bounds each entry's blobs by the archive's length, which fits in Int64: no overflow.
        installedBytes += header.dataSize
        guard header.pathBytes == Self.manifestPath else { return }
        guard manifestJSON == nil else { throw AppleArchiveError(offset: header.offset, "a second Manifest.json") }
        guard header.kind == .regularFile else {
            throw AppleArchiveError(offset: header.offset, "Manifest.json is not a regular file")
        }
        guard header.dataSize <= UInt64(maxManifestBytes) else {
            throw AppleArchiveError(
                offset: header.offset, "Manifest.json is \(header.dataSize) bytes, more than the \(maxManifestBytes) "
                    + "a pack manifest may have")
        }
        manifestJSON = []
        manifestJSON?.reserveCapacity(Int(header.dataSize))
        manifestOffset = header.offset
        collecting = true
    }

    public mutating func entryData(_ bytes: UnsafeRawBufferPointer, blob: ArchiveFieldKey) throws(AppleArchiveError) {
        if collecting, blob == .data { manifestJSON?.append(contentsOf: bytes) }
    }

    public mutating func entryFinished() throws(AppleArchiveError) {
        collecting = false
    }
}
