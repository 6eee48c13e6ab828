import Foundation
import GRDB

extension PackStore {
    /// Loads release `number` (default: the latest) into memory in one read transaction. Returns nil when
    /// nothing has been published yet. Blobs are not touched: the server describes a blob from the descriptor
    /// it opens (size and modification time from fstat), so a snapshot of 100,000 packs costs one index read.
    /// The sizes the index records for every blob come along, so that blobs are served by digest only when
    /// they still have that size.
    public func loadSnapshot(release number: Int? = nil) throws(PackStoreError) -> ReleaseSnapshot? {
        try loadReleaseEntries(release: number).map {
            snapshot(
                of: $0.release, entries: $0.entries, otherBlobSizes: $0.otherBlobSizes,
                privateDigests: $0.privateDigests)
        }
    }

    /// The two halves of `loadSnapshot`, for a caller that builds something else from the same rows meanwhile
    /// (the server encodes the download manifest while the snapshot's dictionaries are built): the release,
    /// its packs sorted by id, the sizes of the blobs it does not use and the digests that need credentials
    /// (`ReleaseSnapshot.privateDigests`), read in one transaction, or nil before the first publish.
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
            return (
                release.summary, entries, try Self.otherBlobSizes(db, release: target),
                try Self.privateDigests(db, servedPublicly: entries)
            )
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

    /// The digests of every private pack version the index knows — in any retained release, and every
    /// version of a pack the draft has made private — except those `entries` (the release being loaded)
    /// serve as a public pack: the same bytes published openly need no credentials. So making a pack private,
    /// or replacing a private pack's bytes, never leaves its bytes open at `/blobs/sha256/{hex}`
    /// (docs/api.md "Private packs"). Read through partial indexes: private packs are few.
    static func privateDigests(_ db: Database, servedPublicly entries: [PackEntry]) throws -> Set<String> {
        var digests = Set(try String.fetchAll(
            db,
            sql: """
                SELECT sha256 FROM releasePack WHERE access = 'private'
                UNION
                SELECT v.sha256 FROM pack p JOIN packVersion v ON v.packId = p.id WHERE p.access = 'private'
                """))
        guard !digests.isEmpty else { return [] }
        for entry in entries where entry.access == .public { digests.remove(entry.sha256) }
        return digests
    }

    /// Digest → size of the pack versions release `number` does not use. Every blob a retained release uses
    /// has a version row (gc drops a version only once no retained release uses it), so this covers earlier
    /// releases too. This release's own sizes are in its packs already: leaving them out keeps a snapshot of
    /// 100,000 packs from decoding 100,000 more rows (measured: +0.2 s of a ~0.9 s load).
    static func otherBlobSizes(_ db: Database, release number: Int) throws -> [String: Int64] {
        // Each of the release's packs has its own version row, so equal counts mean there is no other version:
        // skip the anti-join's 100,000 probes (~0.1 s) in that common case of a store without history.
        let versions = try Int.fetchOne(db, sql: "SELECT count(*) FROM packVersion") ?? 0
        let used = try Int.fetchOne(
            db, sql: "SELECT count(*) FROM releasePack WHERE releaseNumber = ?", arguments: [number]) ?? 0
        guard versions > used else { return [:] }
        var sizes: [String: Int64] = [:]
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT v.sha256, v.size FROM packVersion v
                WHERE NOT EXISTS (SELECT 1 FROM releasePack r
                                  WHERE r.releaseNumber = ? AND r.packId = v.packId AND r.version = v.version)
                """,
            arguments: [number])
        while let row = try rows.next() { sizes[row[0]] = row[1] }
        return sizes
    }
}
