// scripts/fuzz compiles Reader/ and Hex's sources into one module, where there is nothing to import.
#if canImport(Hex)
import Hex
#endif

/// The three-letter name of a header field (`TYP`, `PAT`, `DAT`, …), stored as the three bytes the archive
/// holds. Any three bytes are a key: the format lets writers add their own, and a reader keeps what it does
/// not know.
public struct ArchiveFieldKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The key's bytes, first byte in the low 8 bits.
    public let rawValue: UInt32

    public init(_ bytes: (UInt8, UInt8, UInt8)) {
        rawValue = UInt32(bytes.0) | UInt32(bytes.1) << 8 | UInt32(bytes.2) << 16
    }

    /// - Precondition: `name` is three ASCII characters.
    public init(_ name: StaticString) {
        precondition(name.utf8CodeUnitCount == 3, "a field key has three characters")
        let bytes = name.utf8Start
        self.init((bytes[0], bytes[1], bytes[2]))
    }

    public var bytes: [UInt8] {
        [UInt8(rawValue & 0xFF), UInt8(rawValue >> 8 & 0xFF), UInt8(rawValue >> 16 & 0xFF)]
    }

    /// The key as text; a byte outside printable ASCII is shown as `\xNN` so an error line stays one line.
    public var description: String {
        bytes.map { (0x21...0x7E).contains($0) ? String(UnicodeScalar($0)) : "\\x" + Hex.string(CollectionOfOne($0)) }.joined()
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.bytes.lexicographicallyPrecedes(rhs.bytes) }

    /// Entry type, an unsigned integer holding one of `ArchiveEntryKind`'s letters.
    public static let type = ArchiveFieldKey("TYP")
    /// Entry path, relative to the archive's root.
    public static let path = ArchiveFieldKey("PAT")
    /// Symbolic link target.
    public static let linkTarget = ArchiveFieldKey("LNK")
    /// A regular file's bytes: a blob whose data follows the header.
    public static let data = ArchiveFieldKey("DAT")
}
