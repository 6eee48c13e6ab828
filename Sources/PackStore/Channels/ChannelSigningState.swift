/// A channel's newest signing without its bytes: its version, one of the releases it covers, when it was
/// issued and expires, and the signer's settings. All views of one signing share these.
public struct ChannelSigningState: Sendable, Hashable {
    public var channel: String
    public var version: Int
    public var release: Int
    public var issuedAt: Int64
    public var expiresAt: Int64
    public var profile: String

    public init(channel: String, version: Int, release: Int, issuedAt: Int64, expiresAt: Int64, profile: String) {
        self.channel = channel
        self.version = version
        self.release = release
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
        self.profile = profile
    }

    /// As a manifest without bytes, for the renewal rule (`SigningReason.due`).
    public var manifest: StoredManifest {
        StoredManifest(
            channel: channel, version: version, release: release, issuedAt: issuedAt, expiresAt: expiresAt, keyID: "",
            payload: [], payloadSignature: [], detachedJWS: "", profile: profile)
    }
}
