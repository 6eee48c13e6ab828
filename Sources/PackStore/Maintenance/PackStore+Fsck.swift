import GRDB

extension PackStore {
    /// Checks the index against the blobs: every referenced blob exists with the right SHA-256, and every index
    /// row (pack version or release) records its size; lists orphan blobs and leftover temp files; runs
    /// SQLite's own checks. Signed manifests are checked by the caller: their format is not PackStore's.
    ///
    /// With `repair`, deletes orphan blobs and temp files — nothing else, ever: a missing or corrupt blob needs
    /// the original file re-added. The deletion runs under the exclusive ingest lock after recomputing what is
    /// garbage, so an `add` running in another process cannot lose the blob it is about to commit.
    /// - Parameter wait: with `repair`, how long to wait for uploads and adds in progress (nil: as long as
    ///   they take).
    public func fsck(repair: Bool = false, wait: LockWait? = nil) throws(PackStoreError) -> FsckReport {
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
            let size = Int64(info.st_size)
            let actual = try BlobStore.sha256(ofFileAt: path).hex
            if actual != sha256 {
                let expected = reference.sizes.map(String.init).joined(separator: " or ")
                let detail = reference.sizes == [size] ? "content hashes to \(actual)" : "size \(size) bytes, expected \(expected)"
                report.corruptBlobs.append(BlobProblem(sha256: sha256, path: path, referencedBy: users, detail: detail))
                continue
            }
            // The bytes are intact, so any row recording another size is what is damaged: `/packs/{id}` would
            // refuse the blob, and the manifest would promise clients a size they can never download.
            for claim in reference.claims where claim.size != size {
                report.indexProblems.append(
                    "\(claim.user) records blob \(sha256) as \(claim.size) bytes; the blob is \(size) bytes and matches its digest")
            }
        }
        for file in try blobs.allBlobFiles() where file.sha256.map({ references[$0] == nil }) ?? true {
            report.orphanBlobs.append(file.path)
            report.orphanBytes += file.size
        }
        report.orphanBlobs.sort()
        report.tempFiles = try blobs.tempFiles()

        if repair {
            report.removedFiles = try FileLock.withLock(blobs.ingestLockPath, .exclusive, wait: wait) { () throws(PackStoreError) in
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

    /// The index rows that need one blob, each with the size it records.
    private struct BlobReference {
        var claims: [(user: String, size: Int64)] = []
        var users: [String] { claims.map(\.user) }
        /// The distinct sizes recorded, ascending.
        var sizes: [Int64] { Set(claims.map(\.size)).sorted() }
    }

    private static func blobReferences(_ db: Database) throws -> [String: BlobReference] {
        var references: [String: BlobReference] = [:]
        let versions = try Row.fetchCursor(
            db, sql: "SELECT sha256, size, packId, version FROM packVersion ORDER BY packId, version")
        while let row = try versions.next() {
            references[row[0], default: BlobReference()].claims.append(
                (user: "pack \(row[2] as String) version \(row[3] as Int)", size: row[1]))
        }
        // One claim per recorded size, so a release row whose size was damaged stands out from the others.
        let releases = try Row.fetchCursor(
            db,
            sql: """
                SELECT sha256, size, MIN(releaseNumber), MAX(releaseNumber)
                FROM releasePack GROUP BY sha256, size ORDER BY sha256, MIN(releaseNumber)
                """)
        while let row = try releases.next() {
            let first: Int = row[2]
            let last: Int = row[3]
            let user = first == last ? "release \(first)" : "releases \(first)-\(last)"
            references[row[0], default: BlobReference()].claims.append((user: user, size: row[1]))
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
