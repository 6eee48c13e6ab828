import Crypto
import Hex

/// A handler that digests what an archive *holds*, not how it was written: SHA-256 over each entry's path,
/// kind, file bytes and link target, with the entries sorted — so timestamps, owners, modes, other fields
/// and the order `ba-package` happened to write entries in do not change it, and any change of content does.
/// The Apple version of an archive pack follows this digest (docs/cli.md, "The Apple version rule").
public struct ArchiveContentDigest: ArchiveEventHandler, Sendable {
    /// Names the encoding below; a new encoding must change it, so no old digest can equal a new one.
    private static let domain = Array("packserve apple-archive content v2\n".utf8)

    /// The SHA-256 of each entry's record, in archive order until `finalize` sorts them: 32 bytes an entry
    /// whatever its path, for archives of millions of files (docs/apple-archive.md "Content digest").
    private var records = SortedRecords()
    private var current: ArchiveEntryHeader?
    private var dataHasher = SHA256()

    public init() {}

    public mutating func entryStarted(_ header: ArchiveEntryHeader) throws(AppleArchiveError) {
        current = header
        dataHasher = SHA256()
    }

    public mutating func entryData(_ bytes: UnsafeRawBufferPointer, blob: ArchiveFieldKey) throws(AppleArchiveError) {
        if blob == .data { dataHasher.update(bufferPointer: bytes) }
    }

    public mutating func entryFinished() throws(AppleArchiveError) {
        guard let header = current else { return }
        current = nil
        // Path, kind, data digest (only when the entry has a DAT field), link target: each length-prefixed, so
        // no two different entries encode alike.
        var record: [UInt8] = []
        Self.append(header.pathBytes ?? [], to: &record)
        Self.append(Self.littleEndian(header.kind.typeValue), to: &record)
        Self.append(header.value(of: .data) == nil ? [] : Array(dataHasher.finalize()), to: &record)
        Self.append(header.linkTargetBytes ?? [], to: &record)
        records.append(RecordDigest(SHA256.hash(data: record)))
    }

    /// Entries finished so far.
    public var entries: Int { records.count }

    /// The digest of every finished entry, as lowercase hex.
    public mutating func finalize() -> String {
        var hasher = SHA256()
        hasher.update(data: Self.domain)
        hasher.update(data: Self.littleEndian(UInt64(records.count)))
        // Sorted by value: an order the archive's own cannot change, which also settles two entries with one
        // path, whichever came first.
        records.forEachSorted { record in record.update(&hasher) }
        return Hex.string(hasher.finalize())
    }

    private static func append(_ field: [UInt8], to record: inout [UInt8]) {
        record.append(contentsOf: littleEndian(UInt64(field.count)))
        record.append(contentsOf: field)
    }

    private static func littleEndian(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}
