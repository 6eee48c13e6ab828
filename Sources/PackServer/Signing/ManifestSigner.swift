import Foundation
import Logging
import Manifest
import PackStore

/// Signs releases into manifests (CONTRACT.md "The manifest"): at `publish`, and again by the daemon when
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
        { [key, issuer, style, lifetimeSeconds] version, release, entries in
            let packs = entries.map { entry in
                ManifestPack(entry, url: style.url(baseURL: issuer, id: entry.id, sha256: entry.sha256))
            }
            let document = ManifestDocument(
                iss: issuer, iat: now, exp: now + lifetimeSeconds, version: version, release: release, packs: packs)
            let signed = try SignedManifest(document: document, key: key)
            return ManifestSignature(
                keyID: signed.keyID, payload: signed.payload, payloadSignature: signed.payloadSignature,
                compactJWS: signed.compactJWS)
        }
    }

    /// Whether the live manifest must be (re)signed: none yet for the latest release, or less than a
    /// quarter of its lifetime left (clients refuse expired manifests, so a running server renews early).
    public static func isDue(_ manifest: StoredManifest?, latestRelease: Int, now: Int64) -> Bool {
        guard let manifest, manifest.release == latestRelease else { return true }
        let lifetime = manifest.expiresAt - manifest.issuedAt
        // At least a second of margin: with whole seconds, a quarter of a short lifetime rounds to 0 and
        // the manifest would be served expired before it was renewed.
        return manifest.expiresAt - now <= max(lifetime / 4, 1)
    }
}
