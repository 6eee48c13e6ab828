/// What the first four bytes of a pack say it is. Only a raw archive is read; the others are recognised so
/// the caller can say why it does not look inside (docs/apple-archive.md, "Containers").
public enum ArchiveFormat: Sendable, Hashable {
    /// `AA01` (or the older `YAA1`, the same format): entries follow one another, uncompressed.
    case appleArchive
    /// `pbz` and an algorithm letter: a raw archive compressed in blocks. `algorithm` names the letter's
    /// algorithm (`LZFSE` for `pbze`, …).
    case compressed(magic: String, algorithm: String)
    /// `AEA1`: Apple Encrypted Archive.
    case encrypted
    /// Anything else (a zip, plain data): not an Apple Archive at all.
    case notAnArchive

    /// Bytes needed to tell.
    static let magicLength = 4

    init(magic: some Collection<UInt8>) {
        let bytes = Array(magic.prefix(Self.magicLength))
        switch bytes {
        case _ where Self.isEntryMagic(bytes): self = .appleArchive
        case Self.encryptedMagic: self = .encrypted
        default:
            guard bytes.count == Self.magicLength, bytes.starts(with: "pbz".utf8) else {
                self = .notAnArchive
                return
            }
            // A non-printable fourth byte is shown as `?`, so the warning stays one line of text.
            let shown = bytes.map { (0x21...0x7E).contains($0) ? $0 : UInt8(ascii: "?") }
            self = .compressed(magic: String(decoding: shown, as: UTF8.self),
                               algorithm: Self.algorithms[bytes[3]] ?? "an unknown algorithm")
        }
    }

    /// Whether `bytes` (a header's first four) is an entry's magic.
    static func isEntryMagic(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.elementsEqual(rawMagic) || bytes.elementsEqual(legacyMagic)
    }

    static let rawMagic = Array("AA01".utf8)
    static let legacyMagic = Array("YAA1".utf8)
    private static let encryptedMagic = Array("AEA1".utf8)

    /// The block compressors Apple's Compression library offers, by the letter after `pbz`.
    private static let algorithms: [UInt8: String] = [
        UInt8(ascii: "e"): "LZFSE", UInt8(ascii: "z"): "zlib", UInt8(ascii: "4"): "LZ4", UInt8(ascii: "x"): "LZMA",
        UInt8(ascii: "b"): "LZBITMAP", UInt8(ascii: "f"): "LZVN", UInt8(ascii: "-"): "no compression",
    ]
}
