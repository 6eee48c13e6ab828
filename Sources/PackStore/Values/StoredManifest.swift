/// A signed manifest as the index keeps it. PackStore stores and numbers the bytes; what they mean (JSON,
/// Ed25519, JWS) is the Manifest module's business.
public struct StoredManifest: Sendable, Hashable {
    /// Strictly increasing across every signing, never reused.
    public var version: Int
    public var release: Int
    /// Seconds since 1970.
    public var issuedAt: Int64
    public var expiresAt: Int64
    public var keyID: String
    public var payload: [UInt8]
    public var payloadSignature: [UInt8]
    public var compactJWS: String

    public init(
        version: Int, release: Int, issuedAt: Int64, expiresAt: Int64, keyID: String, payload: [UInt8],
        payloadSignature: [UInt8], compactJWS: String
    ) {
        self.version = version
        self.release = release
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
        self.keyID = keyID
        self.payload = payload
        self.payloadSignature = payloadSignature
        self.compactJWS = compactJWS
    }
}

/// What a signer hands back for one signing.
public struct ManifestSignature: Sendable {
    public var keyID: String
    public var payload: [UInt8]
    public var payloadSignature: [UInt8]
    public var compactJWS: String

    public init(keyID: String, payload: [UInt8], payloadSignature: [UInt8], compactJWS: String) {
        self.keyID = keyID
        self.payload = payload
        self.payloadSignature = payloadSignature
        self.compactJWS = compactJWS
    }
}
