import GRDB

/// Releases: how `publish` and `rollback` (PackStore+Manifests.swift, always sealed) make them, `releases`,
/// `ls --release`, and the cheap change probe the server polls.
extension PackStore {
    static func publishDraft(note: String, _ db: Database) throws -> ReleaseSummary {
        try insertRelease(
            content: "SELECT \(PackRowReader.contentColumns) FROM draftPack", arguments: [], note: note, rollbackOf: nil, db)
    }

    static func publishCopy(of number: Int, note: String?, _ db: Database) throws -> ReleaseSummary {
        try requireListableRelease(number, db)
        return try insertRelease(
            content: "SELECT \(PackRowReader.contentColumns) FROM releasePack WHERE releaseNumber = ?",
            arguments: [number], note: note ?? "rollback to release \(number)", rollbackOf: number, db)
    }

    /// The release history, oldest first (pruned releases included, flagged).
    public func releases() throws(PackStoreError) -> [ReleaseSummary] {
        try read { db in try ReleaseRecord.order(Column("number")).fetchAll(db).map(\.summary) }
    }

    /// One release's history entry, or `unknownRelease`.
    public func release(_ number: Int) throws(PackStoreError) -> ReleaseSummary {
        try read { db in
            guard let release = try ReleaseRecord.fetchOne(db, key: number) else {
                throw PackStoreError.unknownRelease(number)
            }
            return release.summary
        }
    }

    /// The packs of release `number`, sorted by id; with `tag`, only those carrying it.
    public func listRelease(_ number: Int, tag: String? = nil) throws(PackStoreError) -> [PackEntry] {
        if let tag { try NameRules.validateTag(tag) }
        return try read { db in try Self.releaseEntries(db, release: number, tag: tag) }
    }

    /// The newest release number, or nil before the first publish. One primary-key lookup on a fresh read
    /// transaction, so it sees other processes' commits; cheap enough to poll every 250 ms.
    public func latestReleaseNumber() throws(PackStoreError) -> Int? {
        try read { db in try Int.fetchOne(db, sql: "SELECT MAX(number) FROM release") }
    }

    /// Inserts the next release with the rows `content` (a SELECT of `PackRowReader.contentColumns`) yields, each
    /// with its Apple version (`AppleVersionSQL`). Comparing and copying happen inside SQLite, so publishing
    /// 100,000 packs costs a few statements, not 100,000.
    private static func insertRelease(
        content: String, arguments: StatementArguments, note: String, rollbackOf: Int?, _ db: Database
    ) throws -> ReleaseSummary {
        let latest = try latestRelease(db)
        let totals = try Row.fetchOne(
            db, sql: "SELECT count(*), coalesce(sum(size), 0) FROM (\(content))", arguments: arguments)
        let packCount: Int = totals?[0] ?? 0
        let totalBytes: Int64 = totals?[1] ?? 0
        if let latest {
            let latestContent = "SELECT \(PackRowReader.contentColumns) FROM releasePack WHERE releaseNumber = ?"
            let differs = try Bool.fetchOne(
                db,
                sql: """
                    SELECT EXISTS (\(content) EXCEPT \(latestContent))
                        OR EXISTS (\(latestContent) EXCEPT \(content))
                    """,
                arguments: arguments + [latest.number, latest.number] + arguments)
            if differs != true {
                if let rollbackOf {
                    throw PackStoreError.rollbackChangesNothing(release: rollbackOf, latestRelease: latest.number)
                }
                throw PackStoreError.nothingToPublish(latestRelease: latest.number)
            }
        } else if packCount == 0 {
            throw PackStoreError.nothingToPublish(latestRelease: nil)
        }

        let release = ReleaseRecord(
            number: (latest?.number ?? 0) + 1, createdAt: now(), note: note, packCount: packCount,
            totalBytes: totalBytes, rollbackOf: rollbackOf, prunedAt: nil)
        try release.insert(db)
        try AppleVersionSQL.insertRelease(
            release.number, content: content, arguments: arguments, previous: latest?.number, db)
        return release.summary
    }
}
