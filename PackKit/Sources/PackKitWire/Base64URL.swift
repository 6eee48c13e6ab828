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
        let input = Array(bytes)
        var output = [UInt8]()
        output.reserveCapacity((input.count * 4 + 2) / 3)
        var index = 0
        while index + 3 <= input.count {
            let word = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
            output += [alphabet[Int(word >> 18 & 63)], alphabet[Int(word >> 12 & 63)],
                       alphabet[Int(word >> 6 & 63)], alphabet[Int(word & 63)]]
            index += 3
        }
        switch input.count - index {
        case 1:
            let word = UInt32(input[index]) << 16
            output += [alphabet[Int(word >> 18 & 63)], alphabet[Int(word >> 12 & 63)]]
        case 2:
            let word = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8
            output += [alphabet[Int(word >> 18 & 63)], alphabet[Int(word >> 12 & 63)], alphabet[Int(word >> 6 & 63)]]
        default:
            break
        }
        return String(decoding: output, as: UTF8.self)
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
