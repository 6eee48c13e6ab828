import CDNSimulation
import Crypto
import Foundation
import PackKit

/// The manifest-signing key of a `StoreWorkspace`'s server, read from its data directory: the key an app
/// pins, and the private key itself, for forging manifests only the holder of that key could sign.
struct ServerSigningKey {
    /// RFC 8410 §7: an Ed25519 private key in PKCS#8 is this 16-byte DER prefix, then the 32-byte seed.
    private static let pkcs8Prefix: [UInt8] = [
        0x30, 0x2E, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
    ]

    let privateKey: Curve25519.Signing.PrivateKey

    init(store: StoreWorkspace) throws {
        let pem = try String(contentsOfFile: "\(store.dataDirectory)/keys/manifest-signing.key", encoding: .utf8)
        let body = pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        guard let der = Data(base64Encoded: body).map(Array.init), der.count == 48, der.starts(with: Self.pkcs8Prefix)
        else { throw EndToEndFailure("the server's signing key is not an Ed25519 PKCS#8 key") }
        privateKey = try Curve25519.Signing.PrivateKey(rawRepresentation: der.dropFirst(Self.pkcs8Prefix.count))
    }

    var pinned: PinnedKey {
        get throws { try PinnedKey(rawRepresentation: Array(privateKey.publicKey.rawRepresentation)) }
    }

    /// A compact JWS (RFC 7515 §7.1) of an already encoded payload under `header`, signed with `key`.
    static func compactJWS(header: String, encodedPayload: String, key: Curve25519.Signing.PrivateKey) throws -> String {
        let input = Base64URL.encode(Array(header.utf8)) + "." + encodedPayload
        return input + "." + Base64URL.encode(Array(try key.signature(for: Array(input.utf8))))
    }
}
