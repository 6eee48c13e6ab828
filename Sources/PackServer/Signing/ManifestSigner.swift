import Foundation
import Logging
import Manifest
import PackStore

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

    /// Signs `release` as the next manifest version and stores it in the index.
    @discardableResult
    public func sign(release: Int, in store: PackStore, now: Int64 = Self.now()) throws(PackStoreError) -> StoredManifest {
        try store.signManifest(release: release, issuedAt: now, expiresAt: now + lifetimeSeconds, sign: signature(now))
    }

    /// Publishes the draft and signs it in one transaction.
    public func publish(note: String, in store: PackStore, now: Int64 = Self.now()) throws(PackStoreError)
        -> (ReleaseSummary, StoredManifest)
    {
        try store.publish(note: note, issuedAt: now, expiresAt: now + lifetimeSeconds, sign: signature(now))
    }

    /// Publishes a copy of release `number` and signs it in one transaction.
    public func rollback(to number: Int, in store: PackStore, now: Int64 = Self.now()) throws(PackStoreError)
        -> (ReleaseSummary, StoredManifest)
    {
        try store.rollback(to: number, issuedAt: now, expiresAt: now + lifetimeSeconds, sign: signature(now))
    }

    public static func now() -> Int64 { Int64(Date().timeIntervalSince1970) }

    /// Builds and signs the manifest document of one signing (PackStore supplies version, release and packs).
    private func signature(_ now: Int64) -> (Int, Int, [PackEntry]) throws -> ManifestSignature {
        { [key, issuer, style, lifetimeSeconds, profile] version, release, entries in
            let packs = entries.map { entry in
                ManifestPack(entry, url: style.url(baseURL: issuer, id: entry.id, sha256: entry.sha256))
            }
            let document = ManifestDocument(
                iss: issuer, iat: now, exp: now + lifetimeSeconds, version: version, release: release, packs: packs)
            let signed = try SignedManifest(document: document, key: key)
            return ManifestSignature(
                keyID: signed.keyID, payload: signed.payload, payloadSignature: signed.payloadSignature,
                compactJWS: signed.compactJWS, profile: profile)
        }
    }

    /// Why the live manifest must be (re)signed, or nil if it need not: none yet for the latest release,
    /// signed with other settings (`profile`) before this signer started, or less than a quarter of its
    /// lifetime left (clients refuse expired manifests, so a running server renews early).
    ///
    /// Other settings matter only for a manifest from before `startedAt` (the operator changed the
    /// configuration and restarted). One signed later comes from another running signer; re-signing it
    /// would start two daemons re-signing each other's manifests forever.
    public static func reasonToSign(
        _ manifest: StoredManifest?, latestRelease: Int, profile: String, startedAt: Int64, now: Int64
    ) -> String? {
        guard let manifest, manifest.release == latestRelease else { return "release \(latestRelease) has no manifest yet" }
        if manifest.profile != profile && manifest.issuedAt <= startedAt {
            return "the base URL, pack URL style or key changed"
        }
        let lifetime = manifest.expiresAt - manifest.issuedAt
        // At least a second of margin: with whole seconds, a quarter of a short lifetime rounds to 0 and
        // the manifest would be served expired before it was renewed.
        let left = manifest.expiresAt - now
        return left <= max(lifetime / 4, 1) ? "manifest version \(manifest.version) expires in \(max(left, 0)) s" : nil
    }
}
