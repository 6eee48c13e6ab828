import Manifest
import PackKitWire
import PackStore

/// Checks a stored manifest's two signatures (the JWS served at `/manifest`, the raw one at
/// `/manifest.json.sig`) with the configured public keys. PackStore only keeps the bytes; what they mean is
/// the Manifest module's business, so the check lives here, where both are visible.
public enum StoredManifestCheck {
    /// Nil when both signatures verify with the key the row names and the JWS carries the stored payload.
    /// Expiry is not looked at: old manifests expire by design.
    public static func problem(in manifest: StoredManifest, keys: [VerificationKey]) -> StoredManifestProblem? {
        func problem(_ kind: StoredManifestProblem.Kind, _ detail: String) -> StoredManifestProblem {
            StoredManifestProblem(version: manifest.version, release: manifest.release, kind: kind, detail: detail)
        }
        guard let key = keys.first(where: { $0.keyID == manifest.keyID }) else {
            // A damaged key id column looks like an unknown key; a configured key that verifies the
            // signature tells the two apart.
            if let signer = keys.first(where: { $0.isValidSignature(manifest.payloadSignature, for: manifest.payload) }) {
                return problem(.damaged, "the index says key \(manifest.keyID), but key \(signer.keyID) signed it")
            }
            return problem(
                .unverifiable, "signed with key \(manifest.keyID), which is not configured; its signature cannot be checked")
        }
        guard key.isValidSignature(manifest.payloadSignature, for: manifest.payload) else {
            return problem(.damaged, "the payload's signature does not verify with key \(key.keyID)")
        }
        // The JWS as an app checks it (PackKit's verifier), with the one key the row names.
        do {
            let verifier = ManifestVerifier(keys: [try PinnedKey(rawRepresentation: key.rawBytes)])
            let (payload, _) = try verifier.verifiedPayload(compactJWS: try manifest.compactJWS())
            guard payload == manifest.payload else { return problem(.damaged, "the JWS carries another payload") }
        } catch {
            return problem(.damaged, "the JWS: \(error)")
        }
        return nil
    }
}
