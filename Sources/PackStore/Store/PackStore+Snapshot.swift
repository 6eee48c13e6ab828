import Foundation
import GRDB

extension PackStore {
    /// Loads release `number` (default: the latest) into memory in one read transaction. Returns nil when
    /// nothing has been published yet. Blobs are not touched: the server describes a blob from the descriptor
    /// it opens (size and modification time from fstat), so a snapshot of 100,000 packs costs one index read.
    /// The sizes the index records for the earlier retained releases' blobs come along, so that blobs are
    /// served by digest only when a retained release lists them and only at that size.
    public func loadSnapshot(release number: Int? = nil) throws(PackStoreError) -> ReleaseSnapshot? {
        try loadReleaseEntries(release: number).map {
            snapshot(
                of: $0.release, entries: $0.entries, otherBlobSizes: $0.otherBlobSizes,
                privateDigests: $0.privateDigests)
        }
    }

    /// The two halves of `loadSnapshot`, for a caller that builds something else from the same rows meanwhile
    /// (the server encodes the download manifest while the snapshot's dictionaries are built): the release,
    /// its packs sorted by id, and what `/blobs/sha256/{hex}` serves besides them (`publishedBlobs`), read in
    /// one transaction, or nil before the first publish.
    public func loadReleaseEntries(
        release number: Int? = nil
    ) throws(PackStoreError) -> (
        release: ReleaseSummary, entries: [PackEntry], otherBlobSizes: [String: Int64], privateDigests: Set<String>
    )? {
        try read { db in
            guard let target = try number ?? Int.fetchOne(db, sql: "SELECT MAX(number) FROM release") else {
                return nil
            }
            let release = try Self.requireListableRelease(target, db)
            let entries = try Self.releaseEntries(db, release: target)
            let blobs = try Self.publishedBlobs(db, release: target, entries: entries)
            // What a server is about to serve is checked before a digest names a file or a size is added up
            // (a restored or edited index): the rows it uses, not the whole index (`auditIndex` is for restore).
            if let problem = entries.lazy.compactMap(StoredValueRules.servingProblem(in:)).first
                ?? StoredValueRules.problem(inBlobs: blobs.otherSizes)
            {
                throw PackStoreError.untrustworthyIndex(path: dataDirectory.path + "/index.sqlite", problem: "release \(target): \(problem)")
            }
            return (release.summary, entries, blobs.otherSizes, blobs.privateDigests)
        }
    }

    /// The snapshot of `release` made of `entries` (sorted by id), with each blob's path in this store.
    public func snapshot(
        of release: ReleaseSummary, entries: [PackEntry], otherBlobSizes: [String: Int64],
        privateDigests: Set<String> = []
    ) -> ReleaseSnapshot {
        let packs = entries.map { entry in
            ReleaseSnapshot.Pack(
                id: entry.id, version: entry.version, blobPath: blobs.path(forSHA256: entry.sha256), size: entry.size,
                sha256: entry.sha256, contentType: entry.contentType, tags: entry.tags, policy: entry.policy,
                order: entry.order, platforms: entry.platforms, installationEvents: entry.installationEvents,
                access: entry.access, appleVersion: entry.appleVersion)
        }
        return ReleaseSnapshot(
            release: release.number, createdAt: release.createdAt, note: release.note, packs: packs,
            blobDirectory: blobs.blobRoot, otherBlobSizes: otherBlobSizes, privateDigests: privateDigests)
    }
}
