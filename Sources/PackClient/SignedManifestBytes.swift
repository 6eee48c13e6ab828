import Foundation
import PackKitWire

/// A manifest as read, before it is trusted: a compact JWS, or payload bytes and a raw signature.
public enum SignedManifestBytes: Sendable, Equatable {
    case compactJWS([UInt8])
    case payload([UInt8], signature: [UInt8])

    /// The manifest, if `verifier` (PackKit's, as an app checks) trusts it at `now`.
    public func verify(with verifier: ManifestVerifier, now: Date) throws(ManifestVerificationError) -> VerifiedManifest {
        switch self {
        case .compactJWS(let token):
            try verifier.verify(compactJWS: token, now: now)
        case .payload(let payload, let signature):
            try verifier.verify(payload: payload, detachedSignature: signature, now: now)
        }
    }
}
