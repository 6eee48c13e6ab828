/// The byte after a field's key: it says what kind of value follows and how many bytes it takes.
/// (docs/apple-archive.md, "Fields", has the table.)
public enum ArchiveFieldSubtype: Sendable, Hashable {
    /// `*`: no value; the key's presence is the information.
    case flag
    /// `1` `2` `4` `8`: a little-endian unsigned integer of that many bytes.
    case unsigned(width: Int)
    /// `P`: a 2-byte little-endian length, then that many bytes of text.
    case string
    /// `F` `G` `H` `I` `J`: a digest of 4, 20, 32, 48 or 64 bytes.
    case hash(width: Int)
    /// `S`: 8 bytes of seconds; `T`: 8 bytes of seconds and 4 of nanoseconds.
    case timespec(width: Int)
    /// `A` `B` `C`: the size of a blob in 2, 4 or 8 bytes; the blob's bytes follow the header.
    case blob(width: Int)

    public init?(byte: UInt8) {
        switch byte {
        case UInt8(ascii: "*"): self = .flag
        case UInt8(ascii: "1"): self = .unsigned(width: 1)
        case UInt8(ascii: "2"): self = .unsigned(width: 2)
        case UInt8(ascii: "4"): self = .unsigned(width: 4)
        case UInt8(ascii: "8"): self = .unsigned(width: 8)
        case UInt8(ascii: "P"): self = .string
        case UInt8(ascii: "F"): self = .hash(width: 4)
        case UInt8(ascii: "G"): self = .hash(width: 20)
        case UInt8(ascii: "H"): self = .hash(width: 32)
        case UInt8(ascii: "I"): self = .hash(width: 48)
        case UInt8(ascii: "J"): self = .hash(width: 64)
        case UInt8(ascii: "S"): self = .timespec(width: 8)
        case UInt8(ascii: "T"): self = .timespec(width: 12)
        case UInt8(ascii: "A"): self = .blob(width: 2)
        case UInt8(ascii: "B"): self = .blob(width: 4)
        case UInt8(ascii: "C"): self = .blob(width: 8)
        default: return nil
        }
    }

    /// The byte a writer puts after the key; nil for a width the format has no letter for.
    public var byte: UInt8? {
        let letters: [UInt8]
        let index: Int?
        switch self {
        case .flag: return UInt8(ascii: "*")
        case .string: return UInt8(ascii: "P")
        case .unsigned(let width):
            letters = Array("1248".utf8); index = [1, 2, 4, 8].firstIndex(of: width)
        case .hash(let width):
            letters = Array("FGHIJ".utf8); index = [4, 20, 32, 48, 64].firstIndex(of: width)
        case .timespec(let width):
            letters = Array("ST".utf8); index = [8, 12].firstIndex(of: width)
        case .blob(let width):
            letters = Array("ABC".utf8); index = [2, 4, 8].firstIndex(of: width)
        }
        return index.map { letters[$0] }
    }
}
