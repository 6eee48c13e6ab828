import Foundation
import GRDB

extension PackStore {
    /// Loads release `number` (default: the latest) into memory in one read transaction. Returns nil when
    /// nothing has been published yet. Blobs are not touched: the server describes a blob from the descriptor
    /// it opens (size and modification time from fstat), so a snapshot of 100,000 packs costs one index read.
    /// The sizes the index records for every blob come along, so that blobs are served by digest only when
    /// they still have that size.
    public func loadSnapshot(release number: Int? = nil) throws(PackStoreError) -> ReleaseSnapshot? {
        let loaded: (ReleaseRecord, [PackEntry], [String: Int64])? = try read { db in
            guard let target = try number ?? Int.fetchOne(db, sql: "SELECT MAX(number) FROM release") else {
                return nil
            }
            let release = try Self.requireListableRelease(target, db)
            return (release, try Self.releaseEntries(db, release: target), try Self.blobSizes(db))
        }
        guard let (release, entries, blobSizes) = loaded else { return nil }
        let packs = entries.map { entry in
            ReleaseSnapshot.Pack(
                id: entry.id, version: entry.version, blobPath: blobs.path(forSHA256: entry.sha256), size: entry.size,
                sha256: entry.sha256, contentType: entry.contentType, tags: entry.tags, policy: entry.policy,
                order: entry.order)
        }
        return ReleaseSnapshot(
            release: release.number, createdAt: release.createdAt, note: release.note, packs: packs,
            blobDirectory: blobs.blobRoot, blobSizes: blobSizes)
    }

    /// Digest → size over all pack versions. Every blob a retained release uses has a version row (gc drops a
    /// version only once no retained release uses it), so this covers earlier releases too, in one scan of a
    /// table with a row per ingest rather than of `releasePack`'s row per pack per release.
    static func blobSizes(_ db: Database) throws -> [String: Int64] {
        var sizes: [String: Int64] = [:]
        sizes.reserveCapacity(try Int.fetchOne(db, sql: "SELECT count(*) FROM packVersion") ?? 0)
        let rows = try Row.fetchCursor(db, sql: "SELECT sha256, size FROM packVersion")
        while let row = try rows.next() { sizes[row[0]] = row[1] }
        return sizes
    }
}
