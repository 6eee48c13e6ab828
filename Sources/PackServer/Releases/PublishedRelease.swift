import Foundation
import Manifest
import PackStore

/// Everything the request path needs about the current release, computed once when the release is
/// loaded: the snapshot, content types by digest, the `/releases` document, and the signed manifest.
public struct PublishedRelease: Sendable {
    public let snapshot: ReleaseSnapshot
    let baseURL: String
    let style: PackURLStyle
    /// Digest → size and content type of this release's blobs, so `/blobs/sha256/{hex}` checks the size and
    /// answers with the pack's type (other blobs' sizes are in `snapshot.otherBlobSizes`).
    let blobsByDigest: [String: (size: Int64, contentType: String)]
    /// The encoded `GET /releases` body.
    let releasesDocument: [UInt8]
    /// The newest signed manifest, if any has been signed yet.
    public internal(set) var manifest: StoredManifest?

    /// The client-facing object of pack `id` (built on demand: a release may hold 100,000 packs).
    func manifestPack(_ id: String) -> ManifestPack? {
        snapshot.packs[id].map { ManifestPack($0, url: style.url(baseURL: baseURL, id: $0.id, sha256: $0.sha256)) }
    }

    init(snapshot: ReleaseSnapshot, history: [ReleaseSummary], baseURL: String, style: PackURLStyle) throws {
        self.snapshot = snapshot
        self.baseURL = baseURL
        self.style = style
        var blobs: [String: (size: Int64, contentType: String)] = [:]
        blobs.reserveCapacity(snapshot.packs.count)
        for pack in snapshot.packs.values { blobs[pack.sha256] = (pack.size, pack.contentType) }
        blobsByDigest = blobs
        releasesDocument = try CanonicalJSON.encode(history.map(ReleaseListItem.init))
    }
}

/// One entry of `GET /releases` (CONTRACT.md): `{"release","createdAt","note","packs","totalBytes"}`.
public struct ReleaseListItem: Encodable, Sendable {
    let release: Int
    let createdAt: Date
    let note: String
    let packs: Int
    let totalBytes: Int64

    public init(_ summary: ReleaseSummary) {
        release = summary.number
        createdAt = summary.createdAt
        note = summary.note
        packs = summary.packCount
        totalBytes = summary.totalBytes
    }
}
