/// Percent-encoding as Signature Version 4 wants it ("Create a canonical request", UriEncode): every byte
/// of the UTF-8 form except the unreserved characters of RFC 3986 §2.3 (A–Z a–z 0–9 - . _ ~) becomes %XY
/// with upper-case hex. Object keys keep their `/` (S3 does not encode the path's separators); query names
/// and values encode it too.
public enum S3URIEncoding {
    public static func encode(_ text: String, keepSlash: Bool = false) -> String {
        var encoded = ""
        encoded.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) || (keepSlash && byte == UInt8(ascii: "/")) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + String(hexDigits[Int(byte >> 4)]) + String(hexDigits[Int(byte & 0x0F)])
            }
        }
        return encoded
    }

    /// A query string in canonical order (sorted by encoded name, then value), the same string signed and sent.
    public static func canonicalQuery(_ parameters: [(name: String, value: String)]) -> String {
        parameters.map { (encode($0.name), encode($0.value)) }
            .sorted { $0.0 == $1.0 ? $0.1 < $1.1 : $0.0 < $1.0 }
            .map { "\($0.0)=\($0.1)" }
            .joined(separator: "&")
    }

    private static let hexDigits = Array("0123456789ABCDEF")

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }
}
