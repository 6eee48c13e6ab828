import Foundation
import GRDB

extension PackStore {
    /// Loads release `number` (default: the latest) into memory in one read transaction, then stats each
    /// distinct blob once for its modification time. Returns nil when nothing has been published yet.
    public func loadSnapshot(release number: Int? = nil) throws(PackStoreError) -> ReleaseSnapshot? {
        let loaded: (ReleaseRecord, [PackEntry])? = try read { db in
            guard let target = try number ?? Int.fetchOne(db, sql: "SELECT MAX(number) FROM release") else {
                return nil
            }
            let release = try Self.requireListableRelease(target, db)
            return (release, try Self.releaseEntries(db, release: target))
        }
        guard let (release, entries) = loaded else { return nil }

        var modified: [String: Date] = [:]
        modified.reserveCapacity(entries.count)
        let packs = entries.map { entry in
            let path = blobs.path(forSHA256: entry.sha256)
            let date: Date
            if let known = modified[entry.sha256] {
                date = known
            } else {
                let info = try? POSIX.status(atPath: path)
                date = info.flatMap { $0 }.map { Date(timeIntervalSince1970: POSIX.modificationDate($0)) }
                    ?? release.createdAt
                modified[entry.sha256] = date
            }
            return ReleaseSnapshot.Pack(
                id: entry.id, version: entry.version, blobPath: path, size: entry.size, sha256: entry.sha256,
                contentType: entry.contentType, blobModified: date, tags: entry.tags, policy: entry.policy,
                order: entry.order)
        }
        return ReleaseSnapshot(
            release: release.number, createdAt: release.createdAt, note: release.note, packs: packs,
            blobDirectory: blobs.blobRoot)
    }
}
