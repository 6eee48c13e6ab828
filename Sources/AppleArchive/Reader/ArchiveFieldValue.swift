/// The value of one header field, as the archive holds it.
public enum ArchiveFieldValue: Sendable, Hashable {
    case flag
    case unsigned(UInt64, width: Int)
    /// The bytes of a string or path field (no terminator; usually UTF-8, not guaranteed).
    case string([UInt8])
    case hash([UInt8])
    /// `nanoseconds` is nil for the 8-byte form, which has none.
    case timespec(seconds: Int64, nanoseconds: UInt32?)
    /// Only the size: the blob's bytes follow the header (`ArchiveEventHandler.entryData`).
    case blob(size: UInt64, width: Int)

    public var isBlob: Bool {
        if case .blob = self { true } else { false }
    }

    /// The subtype a writer uses for this value.
    public var subtype: ArchiveFieldSubtype {
        switch self {
        case .flag: .flag
        case .unsigned(_, let width): .unsigned(width: width)
        case .string: .string
        case .hash(let bytes): .hash(width: bytes.count)
        case .timespec(_, let nanoseconds): .timespec(width: nanoseconds == nil ? 8 : 12)
        case .blob(_, let width): .blob(width: width)
        }
    }
}
