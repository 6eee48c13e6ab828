import GRDB

extension PackStore {
    /// Checks the index against the blobs: every referenced blob exists with the right size and SHA-256; lists
    /// orphan blobs and leftover temp files; runs SQLite's own checks.
    ///
    /// With `repair`, deletes orphan blobs and temp files — nothing else, ever: a missing or corrupt blob needs
    /// the original file re-added. The deletion runs under the exclusive ingest lock after recomputing what is
    /// garbage, so an `add` running in another process cannot lose the blob it is about to commit.
    public func fsck(repair: Bool = false) throws(PackStoreError) -> FsckReport {
        var report = FsckReport()
        let references = try read { db in
            report.indexProblems = try Self.sqliteProblems(db)
            return try Self.blobReferences(db)
        }
        report.checkedBlobs = references.count
        for (sha256, reference) in references.sorted(by: { $0.key < $1.key }) {
            let path = blobs.path(forSHA256: sha256)
            let users = reference.users
            guard let info = try POSIX.status(atPath: path) else {
                report.missingBlobs.append(BlobProblem(sha256: sha256, path: path, referencedBy: users, detail: "missing"))
                continue
            }
            if Int64(info.st_size) != reference.size {
                report.corruptBlobs.append(BlobProblem(
                    sha256: sha256, path: path, referencedBy: users,
                    detail: "size \(info.st_size) bytes, expected \(reference.size)"))
                continue
            }
            let actual = try BlobStore.sha256(ofFileAt: path)
            if actual.hex != sha256 {
                report.corruptBlobs.append(BlobProblem(
                    sha256: sha256, path: path, referencedBy: users, detail: "content hashes to \(actual.hex)"))
            }
        }
        for file in try blobs.allBlobFiles() where file.sha256.map({ references[$0] == nil }) ?? true {
            report.orphanBlobs.append(file.path)
            report.orphanBytes += file.size
        }
        report.orphanBlobs.sort()
        report.tempFiles = try blobs.tempFiles()

        if repair {
            report.removedFiles = try FileLock.withLock(blobs.ingestLockPath, .exclusive) { () throws(PackStoreError) in
                let referenced = try read { db in try Self.referencedDigests(db) }
                var removed = try removeBlobs(notIn: referenced).paths
                for path in try blobs.tempFiles() {
                    try POSIX.removeFile(path)
                    removed.append(path)
                }
                return removed.sorted()
            }
        }
        return report
    }

    // MARK: - Shared with gc

    /// Every digest an index row needs: all pack versions, and the contents of releases gc has not pruned.
    static func referencedDigests(_ db: Database) throws -> Set<String> {
        try Set(String.fetchAll(db, sql: "SELECT sha256 FROM packVersion UNION SELECT sha256 FROM releasePack"))
    }

    /// Deletes every file of the blob tree whose name is not a referenced digest. Caller holds the exclusive
    /// ingest lock. Deletions are not fsynced: one that a power cut undoes merely leaves an orphan.
    func removeBlobs(notIn referenced: Set<String>) throws(PackStoreError) -> (paths: [String], bytes: Int64) {
        var paths: [String] = []
        var bytes: Int64 = 0
        for file in try blobs.allBlobFiles() where file.sha256.map({ !referenced.contains($0) }) ?? true {
            try POSIX.removeFile(file.path)
            paths.append(file.path)
            bytes += file.size
        }
        return (paths, bytes)
    }

    // MARK: - Index side

    private struct BlobReference {
        var size: Int64
        var users: [String]
    }

    private static func blobReferences(_ db: Database) throws -> [String: BlobReference] {
        var references: [String: BlobReference] = [:]
        let versions = try Row.fetchCursor(
            db, sql: "SELECT sha256, size, packId, version FROM packVersion ORDER BY packId, version")
        while let row = try versions.next() {
            let user = "pack \(row[2] as String) version \(row[3] as Int)"
            references[row[0], default: BlobReference(size: row[1], users: [])].users.append(user)
        }
        let releases = try Row.fetchCursor(
            db,
            sql: """
                SELECT sha256, MIN(size), MIN(releaseNumber), MAX(releaseNumber)
                FROM releasePack GROUP BY sha256
                """)
        while let row = try releases.next() {
            let first: Int = row[2]
            let last: Int = row[3]
            let user = first == last ? "release \(first)" : "releases \(first)-\(last)"
            references[row[0], default: BlobReference(size: row[1], users: [])].users.append(user)
        }
        return references
    }

    private static func sqliteProblems(_ db: Database) throws -> [String] {
        var problems = try String.fetchAll(db, sql: "PRAGMA quick_check").filter { $0 != "ok" }
        let violations = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check")
        problems += violations.map { row in "foreign key violation in \(row[0] as String) row \(row[1] as Int64? ?? -1)" }
        return problems
    }
}
