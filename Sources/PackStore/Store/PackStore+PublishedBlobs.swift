import Foundation
import GRDB

extension PackStore {
    /// What `/blobs/sha256/{hex}` may serve while release `number` is live, besides that release's own packs
    /// (docs/cli.md "Private packs", docs/api.md "Private packs"):
    /// - `otherSizes`: digest → size of the blobs an earlier retained release lists and release `number` does
    ///   not. Only bytes a retained release lists are served by digest: a version known only to the draft, or
    ///   one whose every release gc has pruned, is not found, so unpublished work never becomes public because
    ///   its digest leaked. (gc deletes a pruned release's `releasePack` rows, so every row left is retained.)
    /// - `privateDigests`: the digests that need credentials. A blob's access follows the newest of these
    ///   releases that lists it: open if any of that release's packs lists it as public, else private. So
    ///   making a pack private, or replacing a private pack's bytes, never leaves them open by digest, and the
    ///   same bytes published later as a public pack are open again. The draft's access changes nothing here
    ///   until it is published.
    ///
    /// Cheap in the common case, a release without retained history: one partial-index read of the release's
    /// private rows and one b-tree descent to see that no earlier release is retained; no row of the 100,000
    /// of a large release is looked at in Swift.
    static func publishedBlobs(
        _ db: Database, release number: Int, entries: [PackEntry]
    ) throws -> (otherSizes: [String: Int64], privateDigests: Set<String>) {
        // The newest release lists all of its own blobs: private unless one of its packs lists them openly.
        var privateDigests = Set(try String.fetchAll(
            db,
            sql: """
                SELECT sha256 FROM releasePack INDEXED BY releasePackPrivate
                WHERE access = 'private' AND releaseNumber = ?
                """,
            arguments: [number]))
        if !privateDigests.isEmpty {
            for entry in entries where entry.access == .public { privateDigests.remove(entry.sha256) }
        }
        let hasHistory = try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM releasePack WHERE releaseNumber < ?)", arguments: [number]) ?? false
        guard hasHistory else { return ([:], privateDigests) }

        // Earlier releases' rows whose bytes release `number` does not list, newest release first: the first
        // row of a digest is from the newest release that lists it, and only that release's rows count.
        var newest: [String: (release: Int, size: Int64, isPublic: Bool)] = [:]
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT r.releaseNumber, r.sha256, r.size, r.access <> 'private' FROM releasePack r
                WHERE r.releaseNumber < ?1
                  AND NOT EXISTS (SELECT 1 FROM releasePack c WHERE c.sha256 = r.sha256 AND c.releaseNumber = ?1)
                ORDER BY r.releaseNumber DESC
                """,
            arguments: [number])
        while let row = try rows.next() {
            let release: Int = row[0]
            let digest: String = row[1]
            let isPublic: Bool = row[3]
            if let known = newest[digest] {
                if known.release == release, isPublic { newest[digest]?.isPublic = true }
                continue
            }
            newest[digest] = (release, row[2], isPublic)
        }
        for (digest, listing) in newest where !listing.isPublic { privateDigests.insert(digest) }
        return (newest.mapValues(\.size), privateDigests)
    }
}
