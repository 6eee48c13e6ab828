import Crypto
import Foundation
import Hex
import Manifest
import struct PackKitWire.PackDescriptor
import struct PackKitWire.PackManifest
import PackServer
import PackStore

/// Puts releases into a bucket in the layout a publisher writes (docs/object-storage.md "Bucket layout"), for
/// replicas under test to follow: the blobs, `release.json`, the download manifest, the manifest signed with
/// a real Ed25519 key (`SignedManifest`, as `ManifestSigner` signs), and the pointer, in the publisher's order.
public struct BucketReleaseWriter: Sendable {
    /// One pack of a release written here.
    public struct Pack: Sendable {
        public let id: String
        public let bytes: [UInt8]
        public let policy: PackPolicy
        public let access: PackAccess

        public init(id: String, bytes: [UInt8], policy: PackPolicy = .essential, access: PackAccess = .public) {
            self.id = id
            self.bytes = bytes
            self.policy = policy
            self.access = access
        }

        public var sha256: String { Hex.string(SHA256.hash(data: bytes)) }
    }

    public let bucket: any ObjectBucket
    public let layout: BucketLayout
    public let key: SigningKey
    /// The replicas' `publicBaseURL` (the manifests' issuer and the download manifest's URLs).
    public let baseURL: String

    public init(bucket: any ObjectBucket, layout: BucketLayout = BucketLayout(), key: SigningKey = SigningKey(), baseURL: String = "http://127.0.0.1") {
        self.bucket = bucket
        self.layout = layout
        self.key = key
        self.baseURL = baseURL
    }

    /// Writes every object of release `release` signed as manifest `version` and returns the pointer naming
    /// it, without writing the pointer (`point(to:)` does, last).
    /// - Parameter otherBlobs: earlier releases' blobs still served by digest (written too).
    public func write(
        release: Int, version: Int, packs: [Pack], notBefore: Int64, issuedAt: Int64, otherBlobs: [Pack] = []
    ) throws -> BucketPointer {
        for pack in packs + otherBlobs {
            try bucket.put(layout.blob(pack.sha256), bytes: pack.bytes, contentType: "application/octet-stream")
        }
        let entries = packs.enumerated().map { order, pack in
            PackEntry(
                id: pack.id, version: 1, size: Int64(pack.bytes.count), sha256: pack.sha256, tags: [], policy: pack.policy,
                order: order, contentType: "application/octet-stream", access: pack.access)
        }.sorted { $0.id < $1.id }
        let createdAt = Date(timeIntervalSince1970: TimeInterval(issuedAt))
        let history = (1...release).map {
            ReleaseSummary(
                number: $0, createdAt: createdAt, note: "release \($0)", packCount: entries.count,
                totalBytes: entries.reduce(0) { $0 + $1.size }, rollbackOf: nil, isPruned: false)
        }
        let record = BucketRelease(
            release: release, createdAt: createdAt, note: "release \(release)", packs: entries, history: history,
            otherBlobs: Dictionary(uniqueKeysWithValues: otherBlobs.map { ($0.sha256, Int64($0.bytes.count)) }),
            privateDigests: entries.filter { $0.access == .private }.map(\.sha256).sorted(),
            // `DownloadManifestVariants.profile` of a server with this base URL and the default URL style.
            documentsProfile: "base=\(baseURL) packURLs=\(PackURLStyle.blobs.rawValue)", documents: ["download-manifest"])
        let json = "application/json"
        try bucket.put(layout.releaseRecord(release), bytes: try record.encoded(), contentType: json)
        try bucket.put(
            layout.downloadManifest(release, name: "download-manifest"),
            bytes: DownloadManifest(packs: entries, release: release, baseURL: baseURL, style: .blobs).encoded(), contentType: json)
        let document = PackManifest(
            iss: baseURL, iat: issuedAt, exp: issuedAt + 86_400, version: version, release: release,
            packs: entries.map { PackDescriptor($0, url: PackURLStyle.blobs.url(baseURL: baseURL, id: $0.id, sha256: $0.sha256)) })
        let signed = try SignedManifest(document: document, key: key)
        try bucket.put(layout.manifestPayload(release, version: version), bytes: signed.payload, contentType: json)
        try bucket.put(layout.manifestSignature(release, version: version), bytes: signed.payloadSignature, contentType: "application/octet-stream")
        try bucket.put(layout.manifestJWS(release, version: version), bytes: Array(signed.compactJWS.utf8), contentType: "application/jose")
        return BucketPointer(
            release: release, version: version, etag: Hex.string(SHA256.hash(data: signed.payload)),
            notBefore: notBefore, issuedAt: issuedAt, expiresAt: issuedAt + 86_400, keyID: signed.keyID,
            profile: "iss=\(baseURL) packURLs=blobs kid=\(signed.keyID)")
    }

    /// Replaces `current.json`: what replicas take up on their next poll.
    public func point(to pointer: BucketPointer) throws {
        try bucket.put(layout.pointer, bytes: try pointer.encoded(), contentType: "application/json")
    }

    /// `write` then `point(to:)`.
    @discardableResult
    public func publish(
        release: Int, version: Int, packs: [Pack], notBefore: Int64, issuedAt: Int64, otherBlobs: [Pack] = []
    ) throws -> BucketPointer {
        let pointer = try write(
            release: release, version: version, packs: packs, notBefore: notBefore, issuedAt: issuedAt, otherBlobs: otherBlobs)
        try point(to: pointer)
        return pointer
    }

    /// `access/download-tokens.json` admitting exactly `tokens`.
    public func writeDownloadTokens(_ tokens: [String]) throws {
        let digests = tokens.map { Data(TokenSecret.digest(of: $0)) }
        try bucket.put(layout.downloadTokens, bytes: try BucketDownloadTokens(digests: digests).encoded(), contentType: "application/json")
    }
}
