import Crypto
import Foundation
import Hex
import JSONText
import Manifest
import PackStore

/// Every object one release with one signed manifest puts in a bucket (docs/object-storage.md "Bucket
/// layout"), made from what the index holds. Pure: built in memory, written by `BucketPublisher`, checked by
/// `BucketCheck`, so the publisher, `export` and `fsck --storage` agree on every key and byte.
struct ReleaseObjects: Sendable {
    let layout: BucketLayout
    let record: BucketRelease
    let manifest: StoredManifest
    /// The blobs first, in digest order (the release's packs and what earlier retained releases still serve).
    let blobs: [BucketBlob]
    /// In writing order: `release.json` first (gc treats a release directory without it as litter), then the
    /// download manifests, the tag documents, and the manifest version's three forms.
    let documents: [BucketDocument]

    /// - Parameters:
    ///   - bodies: the download-manifest bodies by `DownloadManifestVariants.documentName`, made with
    ///     `baseURL` and `style` (stored at publish, or encoded again).
    ///   - blobPath: the local file of a blob.
    init(
        layout: BucketLayout, release: ReleaseSummary, entries: [PackEntry], otherBlobSizes: [String: Int64],
        privateDigests: Set<String>, history: [ReleaseSummary], manifest: StoredManifest, bodies: [String: [UInt8]],
        baseURL: String, style: PackURLStyle, blobPath: (String) -> String
    ) throws {
        self.layout = layout
        self.manifest = manifest
        let n = release.number
        record = BucketRelease(
            release: n, createdAt: release.createdAt, note: release.note, packs: entries, history: history,
            otherBlobs: otherBlobSizes, privateDigests: privateDigests.sorted(),
            documentsProfile: DownloadManifestVariants.profile(baseURL: baseURL, style: style),
            documents: bodies.keys.sorted())

        var types: [String: String] = [:]
        for entry in entries where types[entry.sha256] == nil { types[entry.sha256] = entry.contentType }
        blobs = record.allBlobs.sorted { $0.key < $1.key }.map { digest, size in
            BucketBlob(
                sha256: digest, size: size, path: blobPath(digest),
                contentType: types[digest] ?? "application/octet-stream")
        }

        var documents = [BucketDocument(key: layout.releaseRecord(n), bytes: try record.encoded(), contentType: "application/json")]
        for name in bodies.keys.sorted() {
            documents.append(BucketDocument(
                key: layout.downloadManifest(n, name: name), bytes: bodies[name]!, contentType: "application/json"))
        }
        for (tag, body) in try Self.tagDocuments(release: n, entries: entries, baseURL: baseURL, style: style) {
            documents.append(BucketDocument(key: layout.tagDocument(n, tag: tag), bytes: body, contentType: "application/json"))
        }
        let v = manifest.version
        documents += [
            BucketDocument(key: layout.manifestJWS(n, version: v), bytes: try manifest.compactJWS(), contentType: "application/jwt"),
            BucketDocument(key: layout.manifestPayload(n, version: v), bytes: manifest.payload, contentType: "application/json"),
            BucketDocument(
                key: layout.manifestSignature(n, version: v), bytes: manifest.payloadSignature,
                contentType: "application/octet-stream"),
        ]
        self.documents = documents
    }

    /// The pointer naming this release and manifest, live from `notBefore`.
    func pointer(notBefore: Int64) -> BucketPointer {
        BucketPointer(
            release: record.release, version: manifest.version, etag: Self.sha256Hex(manifest.payload),
            notBefore: notBefore, issuedAt: manifest.issuedAt, expiresAt: manifest.expiresAt, keyID: manifest.keyID,
            profile: manifest.profile)
    }

    /// `/tags/{tag}` of every tag the release's packs carry, as the server renders them (`JSONRoute.tag`), by tag.
    static func tagDocuments(
        release: Int, entries: [PackEntry], baseURL: String, style: PackURLStyle
    ) throws -> [(String, [UInt8])] {
        var byTag: [String: [PackEntry]] = [:]
        for entry in entries {  // in id order, so each tag's packs are too
            for tag in entry.tags { byTag[tag, default: []].append(entry) }
        }
        return try byTag.keys.sorted().map { tag in
            let packs = byTag[tag]!.map { CatalogPack($0, url: style.url(baseURL: baseURL, id: $0.id, sha256: $0.sha256)) }
            let document = TagDocument(tag: tag, release: release, packs: packs, totalBytes: packs.reduce(0) { $0 + $1.pack.size })
            return (tag, try CanonicalJSON.encode(document))
        }
    }

    static func sha256Hex(_ bytes: [UInt8]) -> String {
        Hex.string(SHA256.hash(data: bytes))
    }
}
