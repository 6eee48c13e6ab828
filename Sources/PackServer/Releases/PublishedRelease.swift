import Foundation
import HTTPServer
import JSONText
import Manifest
import PackKitWire
import PackStore

/// Everything the request path needs about one view of a release (docs/channels.md "Views"), computed once
/// when it is loaded: the snapshot, content types by digest, the `/releases` document, the download
/// manifest, and the signed manifest; tag documents are kept here as they are first asked for.
///
/// The views of one release share its snapshot and digest table (`view(…)` copies them, and Swift shares the
/// storage); what differs per view is its manifest, its URLs (with `manifest.packURLs: "packs"` they carry the
/// view's prefix) and the Apple versions a later hotfix raised for it.
///
/// A class, and immutable: every request hands one around (resolving its view, routing, answering), and
/// copying a struct of some fifty references would cost as many atomic increments each time.
public final class PublishedRelease: Sendable {
    public let snapshot: ReleaseSnapshot
    /// What pack URLs in this view's documents start with (`ManifestSigner.base`).
    let baseURL: String
    let style: PackURLStyle
    /// Digest → size and content type of this release's blobs, so `/blobs/sha256/{hex}` checks the size and
    /// answers with the pack's type (other blobs' sizes are in `snapshot.otherBlobSizes`).
    let blobsByDigest: [String: (size: Int64, contentType: String)]
    /// `GET /releases`, as it was when the release was loaded.
    let releasesDocument: EncodedDocument
    /// The view's Apple versions where they differ from the release's own, by pack id (usually none).
    let appleVersions: [String: Int]
    /// The view's signed manifest, if any has been signed yet: its version, times and settings. Its bytes are
    /// in `signed` only (held once: a manifest of 100,000 packs is some 50 MB in its three forms).
    public let manifest: StoredManifest?
    /// `manifest`'s forms as served, made at once or read when first asked for.
    let signed: ViewManifest?

    /// `manifest`'s forms, when they are made.
    var manifestDocuments: ManifestDocuments? { signed?.documents }
    /// `/tags…` documents of this view, made on first request.
    let tagDocuments = TagDocumentCache()

    /// The download manifest of managed Background Assets, encoded once per platform variant; nil in the view a
    /// rollout's admitted cohorts read, which serves none (docs/rollouts.md "Cohorts").
    let downloadManifests: DownloadManifestVariants?

    /// The same view serving `manifest` (its documents are made here, once per signing).
    func serving(_ manifest: StoredManifest?) throws -> PublishedRelease {
        view(
            baseURL: baseURL, appleVersions: appleVersions, downloadManifests: downloadManifests,
            manifest: try manifest.map { try ViewManifest($0) })
    }

    /// The catalog object of pack `id` (built on demand: a release may hold 100,000 packs).
    func catalogPack(_ id: String) -> CatalogPack? {
        snapshot.packs[id].map { pack in
            var entry = pack.entry
            if let version = appleVersions[id] { entry.appleVersion = version }
            return CatalogPack(entry, url: style.url(baseURL: baseURL, id: pack.id, sha256: pack.sha256))
        }
    }

    /// Another view of the same release: the snapshot, digest table and `/releases` document are shared, the
    /// rest is the view's own.
    func view(
        baseURL: String, style: PackURLStyle? = nil, appleVersions: [String: Int],
        downloadManifests: DownloadManifestVariants?, manifest: ViewManifest?
    ) -> PublishedRelease {
        PublishedRelease(
            snapshot: snapshot, baseURL: baseURL, style: style ?? self.style, blobsByDigest: blobsByDigest,
            releasesDocument: releasesDocument, appleVersions: appleVersions, downloadManifests: downloadManifests,
            manifest: manifest)
    }

    private init(
        snapshot: ReleaseSnapshot, baseURL: String, style: PackURLStyle,
        blobsByDigest: [String: (size: Int64, contentType: String)], releasesDocument: EncodedDocument,
        appleVersions: [String: Int], downloadManifests: DownloadManifestVariants?, manifest: ViewManifest?
    ) {
        self.snapshot = snapshot
        self.baseURL = baseURL
        self.style = style
        self.blobsByDigest = blobsByDigest
        self.releasesDocument = releasesDocument
        self.appleVersions = appleVersions
        self.downloadManifests = downloadManifests
        self.manifest = manifest?.header
        signed = manifest
    }

    /// - Parameters:
    ///   - downloadManifests: the caller's (stored at publish) for the same release, or nil to encode them here.
    ///   - appleVersions: the view's Apple versions where they differ from the release's own.
    ///   - manifest: the view's signed manifest, nil before the first signing.
    convenience init(
        snapshot: ReleaseSnapshot, history: [ReleaseSummary], baseURL: String, style: PackURLStyle,
        appleVersions: [String: Int] = [:], downloadManifests: DownloadManifestVariants? = nil,
        manifest: StoredManifest? = nil
    ) throws {
        try self.init(
            snapshot: snapshot, history: history, baseURL: baseURL, style: style, appleVersions: appleVersions,
            downloadManifests: downloadManifests, signed: try manifest.map { try ViewManifest($0) })
    }

    /// - Parameters:
    ///   - signed: the view's signed manifest, made or to be read; nil before the first signing.
    ///   - servesDownloadManifests: false for a cohort view: none is encoded.
    init(
        snapshot: ReleaseSnapshot, history: [ReleaseSummary], baseURL: String, style: PackURLStyle,
        appleVersions: [String: Int] = [:], downloadManifests: DownloadManifestVariants? = nil, signed: ViewManifest?,
        servesDownloadManifests: Bool = true
    ) throws {
        manifest = signed?.header
        self.signed = signed
        self.snapshot = snapshot
        self.baseURL = baseURL
        self.style = style
        self.appleVersions = appleVersions
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
        self.downloadManifests = !servesDownloadManifests ? nil : downloadManifests ?? DownloadManifestVariants(
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
        builds = .bounds(min: summary.minBuild, max: summary.maxBuild)
    }
}
