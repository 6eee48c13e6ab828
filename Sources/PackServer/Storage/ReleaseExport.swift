import Foundation
import Manifest
import PackStore
import ReleaseViews

/// `packserve export DIR [--release N | --channel C] [--base-url URL]`: one release in the bucket layout, written
/// into a directory (`DirectoryBucket`) through the same `BucketPublisher` as the S3 publisher, for nginx or any
/// static host to serve with the directory as its document root. With `--channel`, the release channel C's
/// clients that name no build read, with C's manifest (a static host has no views: one per export).
///
/// With a base URL the release is signed again for it, as the newest manifest version of that release
/// (the signing is not stored in the index: the exported manifest belongs to the static host), with pack URLs
/// `URL/blobs/sha256/{hex}`, which the directory holds. Without one, the stored manifest is exported as it is,
/// naming `publicBaseURL`. A release with private packs is refused: a static host cannot check tokens.
public struct ReleaseExport {
    let store: PackStore
    let configuration: PackServeConfiguration
    /// Needed only with a base URL.
    let signer: ManifestSigner?
    let now: () -> Int64

    public init(
        store: PackStore, configuration: PackServeConfiguration, signer: ManifestSigner?,
        now: @escaping () -> Int64 = ApplicationClock.system.now
    ) {
        self.store = store
        self.configuration = configuration
        self.signer = signer
        self.now = now
    }

    public func export(
        to directory: String, release number: Int?, channel: ChannelName? = nil, baseURL: String?,
        progress: @escaping (BucketPublishProgress) -> Void = { _ in }
    ) throws -> BucketPublishReport {
        let stored: StoredManifest
        if let channel {
            guard try store.channels().contains(where: { $0.name == channel.text }) else {
                throw PackStoreError.channel(.unknownChannel(channel.text))
            }
            guard let manifest = try store.latestManifest(channel: channel) else { throw PackStoreError.unknownRelease(0) }
            stored = manifest
        } else {
            guard let release = try number ?? store.answeringRelease() else { throw PackStoreError.unknownRelease(0) }
            guard let manifest = try store.latestManifest(ofRelease: release) else { throw PackStoreError.unknownRelease(release) }
            stored = manifest
        }
        let release = stored.release
        var manifest = stored
        var base = configuration.publicBaseURL
        var style = configuration.packURLs
        if let baseURL {
            guard let signer else { throw BucketPublishError.noSigningKey(baseURL: baseURL) }
            var settings = configuration
            settings.publicBaseURL = baseURL
            settings.packURLs = .blobs
            manifest = try Self.resign(
                stored, channel: channel ?? .production, with: ManifestSigner(key: signer.key, configuration: settings),
                in: store, now: now())
            base = baseURL
            style = .blobs
        }
        let objects = try ReleaseObjects.load(
            from: store, release: release, manifest: manifest,
            settings: BucketDocumentSettings(layout: BucketLayout(), baseURL: base, style: style),
            channel: channel ?? .production)
        // A static host serves every file to anyone: the bytes of private packs must not go there.
        guard objects.record.privateDigests.isEmpty else {
            throw BucketPublishError.privatePacks(release: release, count: objects.record.privateDigests.count)
        }
        // Nothing waits to copy a static host's files: the pointer is live as soon as it is there.
        let publisher = BucketPublisher(bucket: DirectoryBucket(root: directory), prepareSeconds: 0, now: now, progress: progress)
        return try publisher.publish(objects, tokens: nil)
    }

    /// `stored`'s release signed again for `channel` by `signer` at `now`, under the same version number.
    static func resign(
        _ stored: StoredManifest, channel: ChannelName, with signer: ManifestSigner, in store: PackStore, now: Int64
    ) throws -> StoredManifest {
        let segment = ViewSegment(lower: .zero, upper: nil, release: stored.release)
        let view = SealedView(
            segment: segment, release: try store.release(stored.release),
            builds: try store.releaseBuilds(stored.release), packs: try store.listRelease(stored.release))
        guard let signature = try signer.signature(now)(channel, stored.version, [view])[segment.description] else {
            throw PackStoreError.signingFailed(reason: "no manifest was signed for release \(stored.release)")
        }
        return StoredManifest(
            channel: channel.text, version: stored.version, release: stored.release, issuedAt: now, expiresAt: now + signer.lifetimeSeconds,
            keyID: signature.keyID, payload: signature.payload, payloadSignature: signature.payloadSignature,
            detachedJWS: signature.detachedJWS, profile: signature.profile, notBefore: now)
    }
}
