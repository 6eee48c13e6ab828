import Foundation

/// base64url without padding (RFC 4648 §5), as JWS (RFC 7515 §2) and JWK (RFC 7517) require.
///
/// Encoded in one pass from a table: a manifest of 100,000 packs is a 36 MB JWS payload, and going through
/// Foundation's base64 (then swapping two alphabet bytes) copied it three times, a twentieth of a promote.
public enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    public static func encode<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var text: [UInt8] = []
        append(bytes, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends the encoding of `bytes` to `text` (ASCII).
    public static func append<Bytes: Sequence>(_ bytes: Bytes, to text: inout [UInt8]) where Bytes.Element == UInt8 {
        let input = Array(bytes)
        text.reserveCapacity(text.count + (input.count * 4 + 2) / 3)
        alphabet.withUnsafeBufferPointer { table in
            var index = 0
            while index + 3 <= input.count {
                let group = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
                text.append(table[Int(group >> 18)])
                text.append(table[Int(group >> 12 & 63)])
                text.append(table[Int(group >> 6 & 63)])
                text.append(table[Int(group & 63)])
                index += 3
            }
            // The last one or two bytes make two or three characters, unpadded (RFC 7515 §2).
            let rest = input.count - index
            guard rest > 0 else { return }
            let group = UInt32(input[index]) << 16 | (rest == 2 ? UInt32(input[index + 1]) << 8 : 0)
            text.append(table[Int(group >> 18)])
            text.append(table[Int(group >> 12 & 63)])
            if rest == 2 { text.append(table[Int(group >> 6 & 63)]) }
        }
    }

    /// Nil for anything but unpadded base64url.
    public static func decode(_ text: some StringProtocol) -> [UInt8]? {
        var standard = Array(text.utf8)
        for index in standard.indices {
            switch standard[index] {
            case UInt8(ascii: "-"): standard[index] = UInt8(ascii: "+")
            case UInt8(ascii: "_"): standard[index] = UInt8(ascii: "/")
            case UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="): return nil
            default: break
            }
        }
        standard += repeatElement(UInt8(ascii: "="), count: (4 - standard.count % 4) % 4)
        return Data(base64Encoded: Data(standard)).map { Array($0) }
    }
}
