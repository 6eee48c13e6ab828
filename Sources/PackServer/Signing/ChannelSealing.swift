import Manifest
import PackStore

/// How `publish` and `rollback` seal a new release (PackStore makes none without): the manifest signed at
/// `now`, and the download manifest encoded once with the signer's base URL and URL style, so a server
/// loading the release sends stored bytes instead of encoding every pack again.
struct ReleaseSealing: ReleaseSealer {
    let signer: ManifestSigner
    let now: Int64

    func seal(_ release: ReleaseSummary, version: Int, packs: [PackEntry]) throws -> ReleaseSeal {
        let manifest = try signer.signature(now)(version, release.number, packs)
        let documents = ReleaseDocuments(
            profile: DownloadManifestVariants.profile(baseURL: signer.issuer, style: signer.style),
            bodies: DownloadManifestVariants.encode(
                packs: packs, release: release.number, baseURL: signer.issuer, style: signer.style))
        return ReleaseSeal(
            issuedAt: now, expiresAt: now + signer.lifetimeSeconds, manifest: manifest, documents: documents)
    }
}
