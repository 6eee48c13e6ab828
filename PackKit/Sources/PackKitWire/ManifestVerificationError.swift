/// Why a manifest is not trusted. Each refusal is its own case, so an app (or `packserve verify`) can
/// tell an attack from a stale cache from a misconfiguration, and each description is one line.
public enum ManifestVerificationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Not three dot-separated parts (RFC 7515 §7.1).
    case notCompactJWS(parts: Int)
    /// A part that is not unpadded, canonical base64url (RFC 7515 §2).
    case badBase64URL(CompactJWS.Part)
    /// The header is not a JSON object of the expected shape.
    case malformedHeader
    /// `alg: none`, an unsecured JWS (RFC 7515 §6, RFC 7518 §3.6): never accepted.
    case algorithmNone
    /// Any algorithm but `EdDSA` (RFC 8037 §3.1) — `HS256` included, which would let a public key be
    /// used as an HMAC secret — or no `alg` at all.
    case unsupportedAlgorithm(String?)
    /// A `kid` that names no pinned key, or none at all.
    case unknownKeyID(String?)
    /// A `crit` header (RFC 7515 §4.1.11) naming extensions PackKit does not implement; §4.1.11 requires
    /// the JWS to be refused.
    case unsupportedCritical([String])
    /// The Ed25519 signature does not verify with the key `kid` names.
    case badSignature
    /// The signature verifies but the payload is not a manifest.
    case malformedPayload(String)
    /// Signed for another channel than the one the app reads: never valid as another's.
    case otherChannel(signedFor: String, expected: String)
    /// A release whose build range does not admit the app's build.
    case otherBuild(build: String, range: String)
    /// `exp` (seconds since 1970) is further in the past than the clock-skew leeway allows.
    case expired(exp: Int64, now: Int64)

    public var description: String {
        switch self {
        case .notCompactJWS(let parts): "not a compact JWS: \(parts) dot-separated parts, not 3"
        case .badBase64URL(let part): "the JWS \(part.rawValue) is not unpadded base64url"
        case .malformedHeader: "the JWS header is not a JSON object"
        case .algorithmNone: "the manifest is unsigned (alg none)"
        case .unsupportedAlgorithm(let alg): "the manifest is signed with alg \(alg ?? "(missing)"), not EdDSA"
        case .unknownKeyID(let kid): "the manifest is signed with key id \(kid ?? "(missing)"), which is not pinned"
        case .unsupportedCritical(let names):
            "the JWS header requires extensions PackKit does not implement (crit: \(names.joined(separator: ", ")))"
        case .badSignature: "the manifest signature does not verify with the pinned key"
        case .malformedPayload(let why): "the signed payload is not a manifest: \(why)"
        case .otherChannel(let signed, let expected): "the manifest is signed for channel \(signed), not \(expected)"
        case .otherBuild(let build, let range): "the manifest's release is for builds \(range), not build \(build)"
        case .expired(let exp, let now): "the manifest expired \(now - exp) seconds ago (exp \(exp))"
        }
    }
}
