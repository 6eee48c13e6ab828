/// Lowercase hexadecimal, the one spelling PackServe writes bytes in: digests (blob addresses, ETags, key
/// ids), AWS Signature Version 4's hashes and signatures (which it requires lowercase), `\u00XX` escapes in
/// JSON and bytes named in error lines. It imports nothing, so the lowest modules can use it, and scripts/fuzz
/// compiles it with the Apple Archive reader and the JSON escaper.
public enum Hex {
    /// Two digits for each byte, in order.
    public static func string(_ bytes: some Sequence<UInt8>) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            text.append(digit(byte >> 4))
            text.append(digit(byte & 0x0F))
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The ASCII digit of a nibble (0 to 15). Inlinable: the JSON escaper calls it byte by byte.
    @inlinable
    public static func digit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? 0x30 + nibble : 0x61 + nibble - 10
    }
}
