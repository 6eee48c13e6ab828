import PackKitWire

/// The public signing keys as a JWK Set (RFC 7517 §5, RFC 8037 §2: `kty` OKP, `crv` Ed25519), served at
/// `/.well-known/jwks.json`. Listing the next key before switching to it lets clients rotate without a gap.
public struct JWKSet: Sendable, Codable, Hashable {
    public struct Key: Sendable, Codable, Hashable {
        public let kty: String
        public let crv: String
        public let kid: String
        public let x: String
        public let alg: String
        public let use: String
    }

    public let keys: [Key]

    public init(_ keys: [VerificationKey]) {
        var seen = Set<String>()
        self.keys = keys.filter { seen.insert($0.keyID).inserted }.map {
            Key(kty: "OKP", crv: "Ed25519", kid: $0.keyID, x: Base64URL.encode($0.rawBytes), alg: "EdDSA", use: "sig")
        }
    }
}
