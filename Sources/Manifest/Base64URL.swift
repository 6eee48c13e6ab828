import Foundation

/// base64url without padding (RFC 4648 §5), as JWS (RFC 7515 §2) and JWK (RFC 7517) require.
///
/// Foundation's standard base64 with the two alphabet bytes swapped in place: a manifest of 100,000 packs
/// is a 48 MB JWS, and String-level `replacingOccurrences` took seconds on it (NSString bridging).
public enum Base64URL {
    public static func encode<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var text = Array(Data(bytes).base64EncodedData())
        while text.last == UInt8(ascii: "=") { text.removeLast() }
        for index in text.indices {
            switch text[index] {
            case UInt8(ascii: "+"): text[index] = UInt8(ascii: "-")
            case UInt8(ascii: "/"): text[index] = UInt8(ascii: "_")
            default: break
            }
        }
        return String(decoding: text, as: UTF8.self)
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
