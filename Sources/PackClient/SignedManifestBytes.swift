import Manifest

/// A manifest as read, before it is trusted: a compact JWS, or payload bytes and a raw signature.
public enum SignedManifestBytes: Sendable, Equatable {
    case compactJWS(String)
    case payload([UInt8], signature: [UInt8])

    /// The document, if the signature verifies with `key`, the key id matches and it has not expired.
    public func verify(with key: VerificationKey, now: Int64) throws(ManifestError) -> ManifestDocument {
        switch self {
        case .compactJWS(let token):
            try ManifestVerifier.verify(compactJWS: token, key: key, now: now)
        case .payload(let payload, let signature):
            try ManifestVerifier.verify(payload: payload, signature: signature, key: key, now: now)
        }
    }
}
