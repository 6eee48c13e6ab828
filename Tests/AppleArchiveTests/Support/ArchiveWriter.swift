import AppleArchive

/// Writes raw `AA01` archives from the format as docs/apple-archive.md describes it, so the reader is tested
/// on archives made here (no archive from elsewhere is committed). Each entry is its header's fields in the
/// order given, then the bytes of each blob field in that same order.
public struct ArchiveWriter {
    public struct Entry {
        public var fields: [ArchiveField]
        /// The bytes of each blob field; a blob's size field must equal its count.
        public var blobs: [ArchiveFieldKey: [UInt8]] = [:]

        public init(fields: [ArchiveField], blobs: [ArchiveFieldKey: [UInt8]] = [:]) {
            self.fields = fields
            self.blobs = blobs
        }
    }

    /// The archive of `entries`, in the order given.
    public static func archive(_ entries: [Entry]) -> [UInt8] {
        entries.flatMap(bytes)
    }

    public static func bytes(of entry: Entry) -> [UInt8] {
        var out = header(entry.fields)
        for field in entry.fields where field.value.isBlob {
            out += entry.blobs[field.key] ?? []
        }
        return out
    }

    /// Magic, 2-byte little-endian size (the whole header's), then each field: key, subtype, value.
    public static func header(_ fields: [ArchiveField]) -> [UInt8] {
        let body = fields.flatMap(encode)
        let size = 6 + body.count
        precondition(size <= 0xFFFF, "a header is at most 65535 bytes")
        return Array("AA01".utf8) + littleEndian(UInt64(size), width: 2) + body
    }

    public static func encode(_ field: ArchiveField) -> [UInt8] {
        var out = field.key.bytes + [field.value.subtype.byte!]
        switch field.value {
        case .flag: break
        case .unsigned(let value, let width): out += littleEndian(value, width: width)
        case .blob(let size, let width): out += littleEndian(size, width: width)
        case .string(let bytes): out += littleEndian(UInt64(bytes.count), width: 2) + bytes
        case .hash(let bytes): out += bytes
        case .timespec(let seconds, let nanoseconds):
            out += littleEndian(UInt64(bitPattern: seconds), width: 8)
            if let nanoseconds { out += littleEndian(UInt64(nanoseconds), width: 4) }
        }
        return out
    }

    public static func littleEndian(_ value: UInt64, width: Int) -> [UInt8] {
        (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}

/// Entries as `ba-package`-like writers make them: type, path, owner, mode, times, then data.
extension ArchiveWriter.Entry {
    /// A regular file; `sizeWidth` is the width of the DAT size field (2, 4 or 8).
    public static func file(
        _ path: String, _ bytes: [UInt8], modified: Int64 = 1_767_225_600, sizeWidth: Int = 4,
        extra: [ArchiveField] = []
    ) -> Self {
        Self(
            fields: [
                ArchiveField(key: .type, value: .unsigned(ArchiveEntryKind.regularFile.typeValue, width: 1)),
                ArchiveField(key: .path, value: .string(Array(path.utf8))),
                ArchiveField(key: ArchiveFieldKey("UID"), value: .unsigned(501, width: 2)),
                ArchiveField(key: ArchiveFieldKey("MOD"), value: .unsigned(0o644, width: 2)),
                ArchiveField(key: ArchiveFieldKey("MTM"), value: .timespec(seconds: modified, nanoseconds: 250)),
            ] + extra + [ArchiveField(key: .data, value: .blob(size: UInt64(bytes.count), width: sizeWidth))],
            blobs: [.data: bytes])
    }

    public static func directory(_ path: String, modified: Int64 = 1_767_225_600) -> Self {
        Self(fields: [
            ArchiveField(key: .type, value: .unsigned(ArchiveEntryKind.directory.typeValue, width: 1)),
            ArchiveField(key: .path, value: .string(Array(path.utf8))),
            ArchiveField(key: ArchiveFieldKey("MOD"), value: .unsigned(0o755, width: 2)),
            ArchiveField(key: ArchiveFieldKey("MTM"), value: .timespec(seconds: modified, nanoseconds: nil)),
        ])
    }

    public static func symbolicLink(_ path: String, to target: String, modified: Int64 = 1_767_225_600) -> Self {
        Self(fields: [
            ArchiveField(key: .type, value: .unsigned(ArchiveEntryKind.symbolicLink.typeValue, width: 1)),
            ArchiveField(key: .path, value: .string(Array(path.utf8))),
            ArchiveField(key: .linkTarget, value: .string(Array(target.utf8))),
            ArchiveField(key: ArchiveFieldKey("MTM"), value: .timespec(seconds: modified, nanoseconds: 0)),
        ])
    }

    /// The pack manifest `ba-package` puts at the archive's root.
    public static func manifest(_ json: String, modified: Int64 = 1_767_225_600) -> Self {
        file("Manifest.json", Array(json.utf8), modified: modified)
    }
}
