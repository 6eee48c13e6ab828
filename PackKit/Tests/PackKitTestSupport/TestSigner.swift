import Crypto
import Foundation
import PackKitWire

/// Signs manifests the way the server does: header `{"alg":"EdDSA","kid":…,"typ":"JWT"}` with sorted keys,
/// the payload as sorted-key JSON without `\/`, Ed25519 over `header.payload` (RFC 7515 §5.1).
public struct TestSigner: Sendable {
    /// Raw bytes, not the key object: swift-crypto 3.x does not mark the key `Sendable`.
    private let rawPrivateKey: [UInt8]

    public init(privateKey: Curve25519.Signing.PrivateKey = .init()) {
        rawPrivateKey = Array(privateKey.rawRepresentation)
    }

    public var privateKey: Curve25519.Signing.PrivateKey {
        try! Curve25519.Signing.PrivateKey(rawRepresentation: rawPrivateKey)
    }

    public var pinnedKey: PinnedKey {
        try! PinnedKey(rawRepresentation: Array(privateKey.publicKey.rawRepresentation))
    }

    public var keyID: String { pinnedKey.keyID }

    /// The payload bytes of `manifest`.
    public static func payload(_ manifest: PackManifest) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try! encoder.encode(manifest))
    }

    /// A compact JWS of `payload` with the server's header.
    public func sign(payload: [UInt8]) -> [UInt8] {
        sign(header: #"{"alg":"EdDSA","kid":"\#(keyID)","typ":"JWT"}"#, payload: payload)
    }

    public func sign(_ manifest: PackManifest) -> [UInt8] {
        sign(payload: Self.payload(manifest))
    }

    /// A compact JWS with any header text, signed with this key (for refusal tests).
    public func sign(header: String, payload: [UInt8]) -> [UInt8] {
        let signingInput = Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(payload)
        let signature = try! privateKey.signature(for: Array(signingInput.utf8))
        return Array((signingInput + "." + Base64URL.encode(Array(signature))).utf8)
    }

    /// The raw detached signature of `payload` (`/manifest.json.sig`).
    public func detachedSignature(_ payload: [UInt8]) -> [UInt8] {
        Array(try! privateKey.signature(for: payload))
    }
}
