/// What an entry is: the letter its `TYP` field holds (the high bits of `st_mode`, as Apple's `AADefs.h`
/// names them).
public enum ArchiveEntryKind: Sendable, Hashable {
    case regularFile
    case directory
    case symbolicLink
    case fifo
    case characterDevice
    case blockDevice
    case socket
    case whiteout
    case door
    case port
    /// Not a file system object: data about the archive itself.
    case metadata
    /// A value no known writer uses; kept so the caller can say which.
    case other(UInt64)

    /// Each known kind with its letter: one table read both ways.
    private static let letters: [(letter: UInt8, kind: ArchiveEntryKind)] = [
        (UInt8(ascii: "F"), .regularFile), (UInt8(ascii: "D"), .directory), (UInt8(ascii: "L"), .symbolicLink),
        (UInt8(ascii: "P"), .fifo), (UInt8(ascii: "C"), .characterDevice), (UInt8(ascii: "B"), .blockDevice),
        (UInt8(ascii: "S"), .socket), (UInt8(ascii: "W"), .whiteout), (UInt8(ascii: "R"), .door),
        (UInt8(ascii: "T"), .port), (UInt8(ascii: "M"), .metadata),
    ]

    public init(typeValue: UInt64) {
        self = Self.letters.first { UInt64($0.letter) == typeValue }?.kind ?? .other(typeValue)
    }

    /// The value a `TYP` field holds for this kind.
    public var typeValue: UInt64 {
        if case .other(let value) = self { return value }
        return UInt64(Self.letters.first { $0.kind == self }!.letter)
    }
}
