import Crypto

/// Lowercase hexadecimal, the spelling of every SHA-256 in a manifest (`sha256`), of a key id, and of the
/// digests PackKit keeps.
public enum HexDigest {
    private static let digits = Array("0123456789abcdef".utf8)

    /// Lowercase hex of `bytes`.
    public static func string<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var output = [UInt8]()
        for byte in bytes {
            output.append(digits[Int(byte >> 4)])
            output.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Lowercase hex of the SHA-256 of `bytes`.
    public static func sha256<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        string(sha256Bytes(bytes))
    }

    /// The 32 bytes of the SHA-256 of `bytes`.
    static func sha256Bytes<Bytes: Sequence>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        Array(SHA256.hash(data: Array(bytes)))
    }
}
