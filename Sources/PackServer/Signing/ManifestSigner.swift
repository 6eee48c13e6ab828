import Foundation
import Logging
import Manifest
import PackKitWire
import PackStore
import ReleaseViews

/// Signs releases into manifests (docs/api.md "The manifest"): at `publish`, and again by the daemon when
/// the live manifest has less than a quarter of its lifetime left, each time as the next `version`.
public struct ManifestSigner: Sendable {
    let key: SigningKey
    let issuer: String
    let style: PackURLStyle
    let lifetimeSeconds: Int64

    public init(key: SigningKey, configuration: PackServeConfiguration) {
        self.key = key
        issuer = configuration.publicBaseURL
        style = configuration.packURLs
        lifetimeSeconds = configuration.signing.lifetimeSeconds
    }

    public var keyID: String { key.keyID }

    /// Everything besides the release that shapes the signed bytes. Stored with each manifest, so that a
    /// daemon started with another publicBaseURL, URL style or key re-signs instead of serving URLs or a
    /// key id the configuration no longer names.
    public var profile: String { "iss=\(issuer) packURLs=\(style.rawValue) kid=\(key.keyID)" }

    /// Renews every view of `channel` under the signing lease (`PackStore.renewChannel`): signed now, live from
    /// `notBefore`, only if version `after` is still the channel's newest and no other process holds the lease.
    func renew(
        _ channel: ChannelName, after version: Int?, lease: SigningLease, notBefore: Int64, in store: PackStore, now: Int64
    ) throws(PackStoreError) -> ManifestRenewalOutcome {
        let sign = signature(now)
        return try store.renewChannel(
            channel, after: version, lease: lease, now: now, issuedAt: now, expiresAt: now + lifetimeSeconds,
            notBefore: notBefore, sign: { version, views in try sign(channel, version, views) })
    }

    /// Publishes the draft to `channel`, signed and with its documents, in one transaction.
    public func publish(
        note: String, channel: ChannelName = .production, builds: BuildRange = .all, in store: PackStore,
        now: Int64 = Self.now()
    ) throws(PackStoreError) -> (ReleaseSummary, ChannelChange) {
        try store.publish(note: note, channel: channel, builds: builds, sealedBy: ChannelSealing(signer: self, now: now))
    }

    /// Publishes a copy of release `number` to `channel`, signed and with its documents, in one transaction.
    public func rollback(
        to number: Int, channel: ChannelName = .production, in store: PackStore, now: Int64 = Self.now()
    ) throws(PackStoreError) -> (ReleaseSummary, ChannelChange) {
        try store.rollback(to: number, channel: channel, sealedBy: ChannelSealing(signer: self, now: now))
    }

    /// The sealer for any other change to a channel (create, promote, a build remap).
    public func sealing(now: Int64 = Self.now()) -> some ChannelSealer { ChannelSealing(signer: self, now: now) }

    public static func now() -> Int64 { Int64(Date().timeIntervalSince1970) }

    /// Builds and signs the manifest of every view of one signing (PackStore supplies channel, version and
    /// views). With blob URLs the manifests of two views of one release are the same bytes: signed once.
    func signature(_ now: Int64) -> (ChannelName, Int, [SealedView]) throws -> [String: ManifestSignature] {
        { [key, issuer, style, lifetimeSeconds, profile] channel, version, views in
            var signatures: [String: ManifestSignature] = [:]
            var byRelease: [Int: ManifestSignature] = [:]
            for view in views {
                let style = view.isCohortView ? Self.cohortViewStyle : style
                if style == .blobs, let signed = byRelease[view.release.number] {
                    signatures[view.name] = signed
                    continue
                }
                let base = Self.base(issuer: issuer, style: style, channel: channel, segment: view.segment)
                let packs = view.packs.map { entry in
                    PackDescriptor(entry, url: style.url(baseURL: base, id: entry.id, sha256: entry.sha256))
                }
                let document = PackManifest(
                    iss: issuer, channel: channel.text,
                    builds: .bounds(min: view.builds.min?.description, max: view.builds.max?.description), iat: now, exp: now + lifetimeSeconds, version: version, release: view.release.number,
                    packs: packs)
                let signed = try SignedManifest(document: document, key: key)
                let signature = ManifestSignature(
                    keyID: signed.keyID, payload: signed.payload, payloadSignature: signed.payloadSignature,
                    detachedJWS: signed.detachedJWS.text, profile: profile)
                signatures[view.name] = signature
                byRelease[view.release.number] = signature
            }
            return signatures
        }
    }

    /// A cohort view's manifest serves every admitted cohort, so its pack URLs can name no cohort's
    /// `/packs/{id}`: they name blobs, whatever `manifest.packURLs` says (docs/rollouts.md "What cohort views
    /// serve"); the server's documents of the view follow the same.
    static let cohortViewStyle = PackURLStyle.blobs

    /// What pack URLs of a view start with: the view's own prefix for `/packs/{id}` URLs, so that they stay
    /// inside the view (docs/channels.md "Views"); blob URLs take no prefix.
    static func base(issuer: String, style: PackURLStyle, channel: ChannelName, segment: ViewSegment) -> String {
        guard style == .packs else { return issuer }
        let base = issuer.hasSuffix("/") ? String(issuer.dropLast()) : issuer
        return base + ViewSelector(channel: channel, segment: segment).pathPrefix
    }
}
