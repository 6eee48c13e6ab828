import Foundation
import Logging
import Metrics
import PackStore

/// Keeps the served manifest current: takes up a manifest another process signed (publish signs in the
/// release's own transaction), and with a signing key signs the latest release again when
/// `SigningReason.due` says so.
struct ManifestRenewal {
    let store: PackStore
    let signer: ManifestSigner?
    let logger: Logger
    /// Seconds since 1970 when this server started (see `SigningReason.due`).
    let startedAt: Int64
    /// Records how long each signing took (docs/metrics.md `packserve_manifest_signing_duration_seconds`).
    var signingDuration = ServerDurations.discarded.manifestSigning

    /// The manifest to serve for release `latest`, given the one served now.
    func manifest(after served: StoredManifest?, latest: Int, now: Int64) throws -> StoredManifest? {
        var manifest = served
        if try store.latestManifestVersion() != served?.version {
            manifest = try store.latestManifest()
            if let signer, let manifest, manifest.profile != signer.profile, manifest.issuedAt > startedAt {
                logger.warning("""
                    manifest version \(manifest.version) was signed with other settings than this server's \
                    (\(manifest.profile), here \(signer.profile)): serving it as it is; give every signer the same \
                    publicBaseURL, manifest.packURLs and signing key
                    """)
            }
        }
        guard let signer,
              let reason = SigningReason.due(
                  manifest, latestRelease: latest, profile: signer.profile, startedAt: startedAt, now: now)
        else { return manifest }
        let signed = try signingDuration.measure { () throws(PackStoreError) in
            try signer.sign(release: latest, in: store, now: now)
        }
        logger.info("signed release \(latest) as manifest version \(signed.version), valid until \(signed.expiresAt) (\(reason))")
        return signed
    }
}
