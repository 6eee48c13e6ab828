import Manifest
import PackStore

/// How a change to a channel is sealed (PackStore makes none without): every view's manifest signed at `now`,
/// and its download manifest encoded once with the signer's base URL and URL style, so a server loading the
/// view sends stored bytes instead of encoding every pack again. A view whose documents the index already
/// holds for the same release, Apple versions, profile and base URL (another channel reading the release,
/// with blob URLs) names those instead of encoding them again. A rollout's cohort views are signed only.
struct ChannelSealing: ChannelSealer {
    let signer: ManifestSigner
    let now: Int64

    func seal(_ request: ChannelSealRequest) throws -> ChannelSeal {
        let sign = signer.signature(now)
        let profile = DownloadManifestVariants.profile(baseURL: signer.issuer, style: signer.style)
        let manifests = try sign(request.channel, request.version, request.views)
        var documents: [String: ReleaseDocuments] = [:]
        // Cohort views serve no download manifest: a rollout never changes an Apple version.
        for view in request.views where !view.isCohortView {
            let base = ManifestSigner.base(
                issuer: signer.issuer, style: signer.style, channel: request.channel, segment: view.segment)
            if let stored = view.storedDocuments.first(where: { $0.profile == profile && $0.source == base }) {
                documents[view.segment.description] = ReleaseDocuments(reusing: stored)
                continue
            }
            documents[view.segment.description] = ReleaseDocuments(
                profile: profile, source: base,
                bodies: DownloadManifestVariants.encode(
                    packs: view.packs, release: view.release.number, baseURL: base, style: signer.style))
        }
        return ChannelSeal(
            issuedAt: now, expiresAt: now + signer.lifetimeSeconds, manifests: manifests, documents: documents)
    }
}
