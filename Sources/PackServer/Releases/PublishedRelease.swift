import Foundation
import Manifest
import PackStore

/// Everything the request path needs about the current release, computed once when the release is
/// loaded: the snapshot, the pack objects clients see (with URLs), and the `/releases` document.
public struct PublishedRelease: Sendable {
    public let snapshot: ReleaseSnapshot
    /// Pack id → the client-facing pack object.
    let manifestPacks: [String: ManifestPack]
    /// Digest → content type, so `/blobs/sha256/{hex}` answers with the pack's type.
    let contentTypeByDigest: [String: String]
    /// The encoded `GET /releases` body.
    let releasesDocument: [UInt8]
    /// The newest signed manifest, if any has been signed yet.
    public internal(set) var manifest: StoredManifest?

    init(snapshot: ReleaseSnapshot, history: [ReleaseSummary], baseURL: String, style: PackURLStyle) throws {
        self.snapshot = snapshot
        var packs: [String: ManifestPack] = [:]
        var types: [String: String] = [:]
        packs.reserveCapacity(snapshot.packs.count)
        for pack in snapshot.packs.values {
            packs[pack.id] = ManifestPack(pack, url: style.url(baseURL: baseURL, id: pack.id, sha256: pack.sha256))
            types[pack.sha256] = pack.contentType
        }
        manifestPacks = packs
        contentTypeByDigest = types
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
