import Crypto
import Hex
import Manifest
import Foundation
import PackStore

/// Everything but the blobs that one pointer names, read from the bucket: the release record, the
/// download-manifest bodies and the three signed forms of the manifest, checked against the pointer's `etag`
/// so a replica never pairs a pointer with documents of another signing.
struct BucketReleaseReading: Sendable {
    let pointer: BucketPointer
    let record: BucketRelease
    let manifest: StoredManifest
    /// Download-manifest bodies by name (`download-manifest`, `download-manifest-ios`, …).
    let documents: [String: [UInt8]]

    static func read(_ pointer: BucketPointer, from bucket: any ObjectBucket, layout: BucketLayout) throws -> Self {
        func object(_ key: String) throws -> [UInt8] {
            guard let bytes = try bucket.get(key) else { throw ReplicaError("\(key) is missing from the bucket") }
            return bytes
        }
        let release = pointer.release
        let record = try BucketRelease(json: try object(layout.releaseRecord(release)))
        guard record.release == release else {
            throw ReplicaError("\(layout.releaseRecord(release)) describes release \(record.release)")
        }
        let payload = try object(layout.manifestPayload(release, version: pointer.version))
        let digest = Hex.string(SHA256.hash(data: payload))
        guard digest == pointer.etag else {
            throw ReplicaError("manifest \(pointer.version) of release \(release) hashes to \(digest), not the pointer's \(pointer.etag)")
        }
        let signature = try object(layout.manifestSignature(release, version: pointer.version))
        let jwsKey = layout.manifestJWS(release, version: pointer.version)
        guard let jws = DetachedJWS(compact: try object(jwsKey)) else { throw ReplicaError("\(jwsKey) is not a compact JWS") }
        var documents: [String: [UInt8]] = [:]
        for name in record.documents { documents[name] = try object(layout.downloadManifest(release, name: name)) }
        return Self(
            pointer: pointer, record: record, manifest: pointer.manifest(payload: payload, signature: signature, detachedJWS: jws.text),
            documents: documents)
    }

    /// The release as served from `blobDirectory`, with the publisher's documents when they were encoded for
    /// this server's base URL and URL style (else encoded here, as a primary does for an older release).
    func published(blobDirectory: String, baseURL: String, style: PackURLStyle) throws -> PublishedRelease {
        let number = record.release
        let bodies = record.documentsProfile == DownloadManifestVariants.profile(baseURL: baseURL, style: style)
            ? documents : DownloadManifestVariants.encode(packs: record.packs, release: number, baseURL: baseURL, style: style)
        let variants = DownloadManifestVariants(
            bodies: bodies, release: number, createdAt: record.createdAt, baseURL: baseURL, style: style)
        return try PublishedRelease(
            snapshot: record.snapshot(blobDirectory: blobDirectory), history: record.history, baseURL: baseURL,
            style: style, downloadManifests: variants, manifest: manifest)
    }

    /// Every blob this release lists as its packs (all policies): what the cache must not evict while it is
    /// live or being prepared.
    var packDigests: Set<String> { Set(record.packs.map(\.sha256)) }
}
