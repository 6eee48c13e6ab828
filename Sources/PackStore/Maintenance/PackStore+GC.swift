import Foundation
import GRDB
import ReleaseViews

extension PackStore {
    /// What `gc(keepReleases:)` would keep, and why, and what it would prune; changes nothing.
    public func gcPlan(keepReleases: Int = PackStore.defaultKeepReleases) throws(PackStoreError) -> GCPlan {
        guard keepReleases >= 1 else { throw .invalidKeepReleases(keepReleases) }
        return try read { db in try Self.gcPlan(keepReleases: keepReleases, db) }
    }

    static func gcPlan(keepReleases: Int, _ db: Database) throws -> GCPlan {
        var reasons: [Int: [String]] = [:]
        for number in try Int.fetchAll(
            db, sql: "SELECT number FROM release ORDER BY number DESC LIMIT ?", arguments: [keepReleases])
        {
            reasons[number, default: []].append("one of the newest \(keepReleases)")
        }
        for name in try String.fetchAll(db, sql: "SELECT name FROM channel ORDER BY name") {
            guard let channel = ChannelName(name) else { continue }
            for segment in try storedViews(of: channel, db).segments {
                reasons[segment.release, default: []].append("\(channel) reads it for \(segment.buildsText)")
            }
        }
        for record in try RolloutRecord.fetchAll(db) where record.isLive {
            reasons[record.candidate, default: []].append("\(record.channel) is rolling out to it")
        }
        let pruned = try Int.fetchAll(db, sql: "SELECT number FROM release WHERE prunedAt IS NULL ORDER BY number")
            .filter { reasons[$0] == nil }
        return GCPlan(
            kept: reasons.keys.sorted().map { GCPlan.Kept(release: $0, reasons: reasons[$0]!) }, pruned: pruned)
    }

    /// Frees space: keeps the newest `keepReleases` releases and the draft, drops everything only older
    /// releases or superseded versions used, then deletes blobs no remaining index row references (orphans
    /// included).
    ///
    /// Older releases stay in the history but are marked pruned: they can no longer be listed or rolled back to.
    /// Pack-version rows nothing uses are dropped with their blobs, so `fsck` stays clean; version numbers are
    /// not reused. Index first, files second: a crash in between leaves only orphans.
    ///
    /// - Parameter wait: how long to wait for uploads and adds in progress (nil: as long as they take).
    public func gc(keepReleases: Int = PackStore.defaultKeepReleases, wait: LockWait? = nil) throws(PackStoreError) -> GCReport {
        guard keepReleases >= 1 else { throw .invalidKeepReleases(keepReleases) }
        return try FileLock.withLock(blobs.ingestLockPath, .exclusive, wait: wait) { () throws(PackStoreError) in
            let (pruned, removedVersions, referenced) = try write { db in
                // The newest `keepReleases`, and every release some view of some channel answers (a build
                // pinned to an old release keeps it however many come after).
                let pruned = try Self.gcPlan(keepReleases: keepReleases, db).pruned
                let prune = try db.makeStatement(sql: "DELETE FROM releasePack WHERE releaseNumber = ?")
                let mark = try db.makeStatement(sql: "UPDATE release SET prunedAt = ? WHERE number = ?")
                let now = Self.now()
                for number in pruned {
                    try prune.execute(arguments: [number])
                    try mark.execute(arguments: [now, number])
                }
                try db.execute(
                    sql: """
                        DELETE FROM packVersion
                        WHERE NOT EXISTS (SELECT 1 FROM pack p
                                          WHERE p.id = packVersion.packId AND p.currentVersion = packVersion.version)
                          AND NOT EXISTS (SELECT 1 FROM releasePack r
                                          WHERE r.sha256 = packVersion.sha256 AND r.packId = packVersion.packId
                                            AND r.version = packVersion.version)
                        """)
                let removedVersions = db.changesCount
                try Self.dropSupersededSignings(db)
                return (pruned, removedVersions, try Self.referencedDigests(db))
            }
            let removed = try removeBlobs(notIn: referenced)
            return GCReport(
                prunedReleases: pruned, removedVersions: removedVersions, removedBlobs: removed.paths.count,
                freedBytes: removed.bytes)
        }
    }
}
