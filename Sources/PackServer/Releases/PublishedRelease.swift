import Foundation
import HTTPServer
import JSONText
import Manifest
import PackStore

/// Everything the request path needs about the current release, computed once when the release is
/// loaded: the snapshot, content types by digest, the `/releases` document, the download manifest, and the
/// signed manifest; tag documents are kept here as they are first asked for.
public struct PublishedRelease: Sendable {
    public let snapshot: ReleaseSnapshot
    let baseURL: String
    let style: PackURLStyle
    /// Digest → size and content type of this release's blobs, so `/blobs/sha256/{hex}` checks the size and
    /// answers with the pack's type (other blobs' sizes are in `snapshot.otherBlobSizes`).
    let blobsByDigest: [String: (size: Int64, contentType: String)]
    /// `GET /releases`.
    let releasesDocument: EncodedDocument
    /// The newest signed manifest, if any has been signed yet.
    public private(set) var manifest: StoredManifest?
    /// `manifest`'s forms as served.
    private(set) var manifestDocuments: ManifestDocuments?
    /// `/tags…` documents of this release, made on first request.
    let tagDocuments = TagDocumentCache()

    /// The download manifest of managed Background Assets, encoded once per platform variant.
    let downloadManifests: DownloadManifestVariants

    /// Serves `manifest` from now on (its documents are made here, once per signing).
    mutating func serve(_ manifest: StoredManifest?) {
        guard manifest != self.manifest else { return }
        self.manifest = manifest
        manifestDocuments = manifest.map(ManifestDocuments.init)
    }

    /// Goes on serving `other`'s manifest, documents and all: a newly loaded release keeps the live manifest
    /// until its own is taken up, without compressing it again.
    mutating func keepManifest(of other: PublishedRelease) {
        manifest = other.manifest
        manifestDocuments = other.manifestDocuments
    }

    /// The catalog object of pack `id` (built on demand: a release may hold 100,000 packs).
    func catalogPack(_ id: String) -> CatalogPack? {
        snapshot.packs[id].map { CatalogPack($0.entry, url: style.url(baseURL: baseURL, id: $0.id, sha256: $0.sha256)) }
    }

    /// - Parameter downloadManifests: the caller's (stored at publish) for the same release, or nil to encode
    ///   them here.
    init(
        snapshot: ReleaseSnapshot, history: [ReleaseSummary], baseURL: String, style: PackURLStyle,
        downloadManifests: DownloadManifestVariants? = nil
    ) throws {
        self.snapshot = snapshot
        self.baseURL = baseURL
        self.style = style
        var blobs: [String: (size: Int64, contentType: String)] = [:]
        blobs.reserveCapacity(snapshot.packs.count)
        for pack in snapshot.packs.values { blobs[pack.sha256] = (pack.size, pack.contentType) }
        blobsByDigest = blobs
        let releases = try CanonicalJSON.encode(history.map(ReleaseListItem.init))
        // Named by content: the history also changes without a new release (gc marks releases pruned).
        releasesDocument = EncodedDocument(
            body: releases, contentType: "application/json", entityTag: Fingerprint.entityTag(prefix: "r", body: releases),
            lastModified: Int64((history.last?.createdAt ?? snapshot.createdAt).timeIntervalSince1970),
            cacheControl: nil, compress: true)
        self.downloadManifests = downloadManifests ?? DownloadManifestVariants(
            bodies: DownloadManifestVariants.encode(
                packs: snapshot.sortedPacks.map(\.entry), release: snapshot.release, baseURL: baseURL, style: style),
            release: snapshot.release, createdAt: snapshot.createdAt, baseURL: baseURL, style: style)!
    }
}

/// One entry of `GET /releases` (docs/api.md): `{"release","createdAt","note","packs","totalBytes","channel"}`,
/// with `builds`, `rollbackOf` and `pruned` when they apply.
public struct ReleaseListItem: Encodable, Sendable {
    let release: Int
    let createdAt: Date
    let note: String
    let packs: Int
    let totalBytes: Int64
    /// The release whose content this one restored; absent for an ordinary publish.
    let rollbackOf: Int?
    /// `true` once `gc` dropped its contents (it can no longer be listed or restored); absent otherwise.
    let pruned: Bool?
    /// The channel it was published to (docs/channels.md).
    let channel: String
    /// The app builds it works with; absent when it states none.
    let builds: ManifestBuilds?

    public init(_ summary: ReleaseSummary) {
        release = summary.number
        createdAt = summary.createdAt
        note = summary.note
        packs = summary.packCount
        totalBytes = summary.totalBytes
        rollbackOf = summary.rollbackOf
        pruned = summary.isPruned ? true : nil
        channel = summary.channel
        builds = ManifestBuilds(min: summary.minBuild, max: summary.maxBuild)
    }
}
