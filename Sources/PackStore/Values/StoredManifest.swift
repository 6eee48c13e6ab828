/// A signed manifest as the index keeps it. PackStore stores and numbers the bytes; what they mean (JSON,
/// Ed25519, JWS) is the Manifest module's business.
public struct StoredManifest: Sendable, Hashable {
    /// The channel whose views it signs (docs/channels.md): `production` for every URL without a prefix.
    public var channel: String
    /// The view it is for: its run of builds (`ViewSegment.description`, `0.0.0-` for every build).
    public var view: String
    /// Strictly increasing across the channel's signings, never reused; one signing covers every view of the
    /// channel, each with its own manifest.
    public var version: Int
    public var release: Int
    /// Seconds since 1970.
    public var issuedAt: Int64
    public var expiresAt: Int64
    public var keyID: String
    public var payload: [UInt8]
    public var payloadSignature: [UInt8]
    /// The JWS over `payload` with the payload part left out, `header..signature` (RFC 7515 Appendix F): the
    /// compact JWS served is this with `payload` encoded between the dots, which the index does not store twice.
    public var detachedJWS: String
    /// What the signer signed with besides the release (see `ManifestSignature.profile`).
    public var profile: String
    /// Seconds since 1970 from which servers serve it: a renewal is signed ahead and goes live on every
    /// process sharing the index at this same instant (`issuedAt` for publishes).
    public var notBefore: Int64

    public init(
        channel: String = "production", view: String = "0.0.0-", version: Int, release: Int, issuedAt: Int64, expiresAt: Int64, keyID: String,
        payload: [UInt8], payloadSignature: [UInt8], detachedJWS: String, profile: String, notBefore: Int64? = nil
    ) {
        self.channel = channel
        self.view = view
        self.version = version
        self.release = release
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
        self.keyID = keyID
        self.payload = payload
        self.payloadSignature = payloadSignature
        self.detachedJWS = detachedJWS
        self.profile = profile
        self.notBefore = notBefore ?? issuedAt
    }
}

/// What a signer hands back for one signing.
public struct ManifestSignature: Sendable {
    public var keyID: String
    public var payload: [UInt8]
    public var payloadSignature: [UInt8]
    /// The JWS without its payload (`StoredManifest.detachedJWS`).
    public var detachedJWS: String
    /// Opaque to the store: the signer's settings that shape the bytes besides the release (base URL, URL
    /// style, key), so a signer started with other settings can tell the stored manifest is not its own.
    public var profile: String

    public init(keyID: String, payload: [UInt8], payloadSignature: [UInt8], detachedJWS: String, profile: String) {
        self.keyID = keyID
        self.payload = payload
        self.payloadSignature = payloadSignature
        self.detachedJWS = detachedJWS
        self.profile = profile
    }
}
