import HTTP1
import Hex
import HTTPServer

/// 64-bit FNV-1a as 16 hex digits: short, stable across runs and processes (unlike `Hasher`), and cheap
/// enough to run over a document once when it is made. Used in ETags, never for security.
enum Fingerprint {
    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return withUnsafeBytes(of: hash.bigEndian) { Hex.string($0) }
    }

    /// A strong ETag naming `body` by its content: `"<prefix>-<fingerprint>"`.
    static func entityTag(prefix: String, body: [UInt8]) -> EntityTag {
        // Letters, digits and a dash are always valid etagc.
        EntityTag(opaqueTag: "\(prefix)-\(hex(body))")!
    }
}
