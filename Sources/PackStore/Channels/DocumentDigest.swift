import Crypto
import Hex

/// The name a stored document body goes by: its SHA-256, so that views with the same bytes share one body.
enum DocumentDigest {
    static func of(_ body: [UInt8]) -> String { Hex.string(SHA256.hash(data: body)) }
}
