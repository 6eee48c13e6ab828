/// A manifest whose signature verified with a pinned key: the only form in which PackKit acts on one.
public struct VerifiedManifest: Sendable, Hashable {
    /// The decoded payload.
    public let manifest: PackManifest
    /// The payload bytes exactly as signed (what the rollback guard digests).
    public let payload: [UInt8]
    /// The compact JWS it came in, to keep for reading offline later; nil for a detached signature.
    public let compactJWS: [UInt8]?
    /// The key that signed it.
    public let keyID: String

    /// Lowercase hex SHA-256 of `payload`: one version must always name the same bytes.
    public var payloadSHA256: String { HexDigest.sha256(payload) }
}
