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
        // Four characters per three bytes; the last one or two bytes make two or three, unpadded (RFC 7515 §2).
        let whole = input.count / 3
        let rest = input.count % 3
        let start = text.count
        text.append(contentsOf: repeatElement(0, count: whole * 4 + (rest == 0 ? 0 : rest + 1)))
        input.withUnsafeBufferPointer { source in
            alphabet.withUnsafeBufferPointer { table in
                text.withUnsafeMutableBufferPointer { output in
                    var at = start
                    func put(_ group: UInt32, _ characters: Int) {
                        for shift in [18, 12, 6, 0].prefix(characters) {
                            output[at] = table[Int(group >> UInt32(shift) & 63)]
                            at += 1
                        }
                    }
                    for index in stride(from: 0, to: whole * 3, by: 3) {
                        let group = UInt32(source[index]) << 16 | UInt32(source[index + 1]) << 8 | UInt32(source[index + 2])
                        output[at] = table[Int(group >> 18)]
                        output[at + 1] = table[Int(group >> 12 & 63)]
                        output[at + 2] = table[Int(group >> 6 & 63)]
                        output[at + 3] = table[Int(group & 63)]
                        at += 4
                    }
                    guard rest > 0 else { return }
                    let last = whole * 3
                    put(UInt32(source[last]) << 16 | (rest == 2 ? UInt32(source[last + 1]) << 8 : 0), rest + 1)
                }
            }
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
