import Foundation
import GRDB

extension PackStore {
    /// Loads release `number` (default: the latest) into memory in one read transaction, then stats each
    /// pack's blob for its modification time. Returns nil when nothing has been published yet.
    public func loadSnapshot(release number: Int? = nil) throws(PackStoreError) -> ReleaseSnapshot? {
        let loaded: (ReleaseRecord, [PackEntry])? = try read { db in
            guard let target = try number ?? Int.fetchOne(db, sql: "SELECT MAX(number) FROM release") else {
                return nil
            }
            let release = try Self.requireListableRelease(target, db)
            return (release, try Self.releaseEntries(db, release: target))
        }
        guard let (release, entries) = loaded else { return nil }

        let packs = blobModificationDates(of: entries, fallback: release.createdAt).map { entry, modified in
            ReleaseSnapshot.Pack(
                id: entry.id, version: entry.version, blobPath: blobs.path(forSHA256: entry.sha256), size: entry.size,
                sha256: entry.sha256, contentType: entry.contentType, blobModified: modified, tags: entry.tags,
                policy: entry.policy, order: entry.order)
        }
        return ReleaseSnapshot(
            release: release.number, createdAt: release.createdAt, note: release.note, packs: packs,
            blobDirectory: blobs.blobRoot)
    }

    /// Stats each entry's blob relative to its open shard directory (at most 256 opens), which halves the cost
    /// of resolving 100,000 full paths. An unreadable blob gets `fallback`; serving it will fail visibly anyway.
    private func blobModificationDates(of entries: [PackEntry], fallback: Date) -> [(PackEntry, Date)] {
        var shardDirectories: [Substring: Int32] = [:]
        defer { for fd in shardDirectories.values where fd >= 0 { close(fd) } }
        return entries.map { entry in
            let shard = entry.sha256.prefix(2)
            let directory: Int32
            if let open = shardDirectories[shard] {
                directory = open
            } else {
                directory = (try? POSIX.openFile("\(blobs.blobRoot)/\(shard)", O_RDONLY | O_DIRECTORY, for: "open")) ?? -1
                shardDirectories[shard] = directory
            }
            let info = directory >= 0 ? POSIX.status(inDirectory: directory, name: entry.sha256) : nil
            return (entry, info.map { Date(timeIntervalSince1970: POSIX.modificationDate($0)) } ?? fallback)
        }
    }
}
