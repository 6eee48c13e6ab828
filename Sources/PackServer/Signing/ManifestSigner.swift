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

    /// Renews the manifest of `release` under the signing lease (`PackStore.renewManifest`): signed now, live
    /// from `notBefore`, only if version `after` is still the newest and no other process holds the lease.
    func renew(
        release: Int, after version: Int?, lease: SigningLease, notBefore: Int64, in store: PackStore, now: Int64
    ) throws(PackStoreError) -> ManifestRenewalOutcome {
        try store.renewManifest(
            release: release, after: version, lease: lease, now: now, issuedAt: now, expiresAt: now + lifetimeSeconds,
            notBefore: notBefore, sign: signature(now))
    }

    /// Publishes the draft, signed and with its documents, in one transaction.
    public func publish(note: String, in store: PackStore, now: Int64 = Self.now()) throws(PackStoreError)
        -> (ReleaseSummary, StoredManifest)
    {
        try store.publish(note: note, sealedBy: ReleaseSealing(signer: self, now: now))
    }

    /// Publishes a copy of release `number`, signed and with its documents, in one transaction.
    public func rollback(to number: Int, in store: PackStore, now: Int64 = Self.now()) throws(PackStoreError)
        -> (ReleaseSummary, StoredManifest)
    {
        try store.rollback(to: number, sealedBy: ReleaseSealing(signer: self, now: now))
    }

    public static func now() -> Int64 { Int64(Date().timeIntervalSince1970) }

    /// Builds and signs the manifest document of one signing (PackStore supplies version, release and packs).
    func signature(_ now: Int64) -> (Int, Int, [PackEntry]) throws -> ManifestSignature {
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
}
