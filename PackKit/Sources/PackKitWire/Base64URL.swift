/// base64url without padding (RFC 4648 §5), the encoding of every part of a compact JWS (RFC 7515 §2).
///
/// Written out rather than built on Foundation's base64 so that decoding is strict: padding, the standard
/// alphabet's `+` and `/`, whitespace and non-zero leftover bits are all refused, so one signature has one
/// spelling and a tampered part is a distinct error rather than something quietly "repaired".
public enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Each byte's 6-bit value, or 0xFF for a byte outside the alphabet.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        return table
    }()

    /// The unpadded base64url text of `bytes`.
    public static func encode<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var text: [UInt8] = []
        append(bytes, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends the encoding of `bytes` to `text` (ASCII): how a server builds a compact JWS whose payload part
    /// is tens of megabytes (a manifest of 100,000 packs), sized once and filled in place.
    public static func append<Bytes: Sequence>(_ bytes: Bytes, to text: inout [UInt8]) where Bytes.Element == UInt8 {
        let input = Array(bytes)
        // Four characters per three bytes; the last one or two bytes make two or three, unpadded (RFC 7515 §2).
        let whole = input.count / 3
        let rest = input.count % 3
        let start = text.count
        text.append(contentsOf: repeatElement(0, count: whole * 4 + (rest == 0 ? 0 : rest + 1)))
        input.withUnsafeBufferPointer { source in
            alphabet.withUnsafeBufferPointer { table in
                text.withUnsafeMutableBufferPointer { output in
                    var at = start
                    for index in stride(from: 0, to: whole * 3, by: 3) {
                        let word = UInt32(source[index]) << 16 | UInt32(source[index + 1]) << 8 | UInt32(source[index + 2])
                        output[at] = table[Int(word >> 18)]
                        output[at + 1] = table[Int(word >> 12 & 63)]
                        output[at + 2] = table[Int(word >> 6 & 63)]
                        output[at + 3] = table[Int(word & 63)]
                        at += 4
                    }
                    guard rest > 0 else { return }
                    let last = whole * 3
                    let word = UInt32(source[last]) << 16 | (rest == 2 ? UInt32(source[last + 1]) << 8 : 0)
                    output[at] = table[Int(word >> 18)]
                    output[at + 1] = table[Int(word >> 12 & 63)]
                    if rest == 2 { output[at + 2] = table[Int(word >> 6 & 63)] }
                }
            }
        }
    }

    /// The bytes of unpadded, canonical base64url text; nil for anything else.
    public static func decode<Text: Collection>(_ text: Text) -> [UInt8]? where Text.Element == UInt8 {
        // A length of 1 mod 4 cannot end a base64 text (RFC 4648 §4: at least two characters a quantum).
        guard text.count % 4 != 1 else { return nil }
        var output = [UInt8]()
        output.reserveCapacity(text.count * 3 / 4)
        var word: UInt32 = 0
        var bits = 0
        for byte in text {
            let value = values[Int(byte)]
            guard value != 0xFF else { return nil }
            word = word << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: word >> UInt32(bits)))
                word &= (1 << UInt32(bits)) - 1
            }
        }
        // Leftover bits must be zero (RFC 4648 §3.5), so a text has exactly one decoding and vice versa.
        guard word == 0 else { return nil }
        return output
    }

    /// `decode` over a string's UTF-8 bytes.
    public static func decode(_ text: some StringProtocol) -> [UInt8]? {
        decode(Array(text.utf8))
    }
}
