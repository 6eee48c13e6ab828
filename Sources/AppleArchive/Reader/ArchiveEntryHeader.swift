/// One entry's header: its fields in archive order, and what the reader derives from them.
public struct ArchiveEntryHeader: Sendable, Hashable {
    /// Where the header starts in the archive.
    public let offset: Int64
    /// Bytes of the header, its magic and size included (the blobs' bytes follow it and are not counted).
    public let size: Int
    public let fields: [ArchiveField]
    /// From the `TYP` field, which every entry has.
    public let kind: ArchiveEntryKind

    public init(offset: Int64, size: Int, fields: [ArchiveField], kind: ArchiveEntryKind) {
        self.offset = offset
        self.size = size
        self.fields = fields
        self.kind = kind
    }

    public func value(of key: ArchiveFieldKey) -> ArchiveFieldValue? {
        fields.first { $0.key == key }?.value
    }

    /// The `PAT` field's bytes; nil if the entry has none.
    public var pathBytes: [UInt8]? { stringBytes(.path) }

    public var path: String? { pathBytes.map { String(decoding: $0, as: UTF8.self) } }

    /// The `LNK` field's bytes; nil if the entry has none.
    public var linkTargetBytes: [UInt8]? { stringBytes(.linkTarget) }

    public var linkTarget: String? { linkTargetBytes.map { String(decoding: $0, as: UTF8.self) } }

    /// Bytes of the `DAT` blob (a regular file's content); 0 without one.
    public var dataSize: UInt64 {
        if case .blob(let size, _) = value(of: .data) { size } else { 0 }
    }

    /// The blobs whose bytes follow the header, in the order they follow it (the order of their fields).
    public var blobs: [(key: ArchiveFieldKey, size: UInt64)] {
        fields.compactMap { field in
            if case .blob(let size, _) = field.value { (field.key, size) } else { nil }
        }
    }

    private func stringBytes(_ key: ArchiveFieldKey) -> [UInt8]? {
        if case .string(let bytes) = value(of: key) { bytes } else { nil }
    }
}
