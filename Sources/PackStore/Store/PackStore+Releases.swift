import GRDB
import ReleaseViews

/// Releases: how `publish` and `rollback` (PackStore+Manifests.swift, always sealed) make them, `releases`,
/// `ls --release`, and the cheap change probe the server polls.
extension PackStore {
    static func publishDraft(note: String, channel: ChannelName, builds: BuildRange, _ db: Database) throws
        -> ReleaseSummary
    {
        try insertRelease(
            content: "SELECT \(PackRowReader.contentColumns) FROM draftPack", arguments: [], note: note, rollbackOf: nil,
            channel: channel, builds: builds, db)
    }

    static func publishCopy(of number: Int, channel: ChannelName, note: String?, _ db: Database) throws -> ReleaseSummary {
        let source = try requireListableRelease(number, db)
        return try insertRelease(
            content: "SELECT \(PackRowReader.contentColumns) FROM releasePack WHERE releaseNumber = ?",
            arguments: [number], note: note ?? "rollback to release \(number)", rollbackOf: number, channel: channel,
            builds: try storedRange(min: source.minBuild, max: source.maxBuild, release: number), db)
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

    /// The app builds release `number` works with.
    public func releaseBuilds(_ number: Int) throws(PackStoreError) -> BuildRange {
        try read { db in
            guard let release = try ReleaseRecord.fetchOne(db, key: number) else { throw PackStoreError.unknownRelease(number) }
            return try Self.storedRange(min: release.minBuild, max: release.maxBuild, release: number)
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

    /// Inserts the next release with the rows `content` (a SELECT of `PackRowReader.contentColumns`) yields and
    /// a provisional Apple version each (the channel's release's version for unchanged content, else the next
    /// one: what the planner chooses for a channel without ranges), which `signChannel` corrects where the
    /// views say otherwise. Comparing and copying happen inside SQLite, so publishing 100,000 packs costs a few
    /// statements, not 100,000.
    private static func insertRelease(
        content: String, arguments: StatementArguments, note: String, rollbackOf: Int?, channel: ChannelName,
        builds: BuildRange, _ db: Database
    ) throws -> ReleaseSummary {
        let latest = try latestRelease(db)
        let current = try currentRelease(of: channel, db).flatMap { try ReleaseRecord.fetchOne(db, key: $0) }
        let totals = try Row.fetchOne(
            db, sql: "SELECT count(*), coalesce(sum(size), 0) FROM (\(content))", arguments: arguments)
        let packCount: Int = totals?[0] ?? 0
        let totalBytes: Int64 = totals?[1] ?? 0
        if let current {
            let currentContent = "SELECT \(PackRowReader.contentColumns) FROM releasePack WHERE releaseNumber = ?"
            let differs = try Bool.fetchOne(
                db,
                sql: """
                    SELECT EXISTS (\(content) EXCEPT \(currentContent))
                        OR EXISTS (\(currentContent) EXCEPT \(content))
                    """,
                arguments: arguments + [current.number, current.number] + arguments)
            let sameRange = current.minBuild == builds.min?.description && current.maxBuild == builds.max?.description
            if differs != true && sameRange {
                if let rollbackOf {
                    throw PackStoreError.rollbackChangesNothing(release: rollbackOf, latestRelease: current.number)
                }
                throw PackStoreError.nothingToPublish(latestRelease: current.number)
            }
        } else if packCount == 0 {
            throw PackStoreError.nothingToPublish(latestRelease: nil)
        }

        let release = ReleaseRecord(
            number: (latest?.number ?? 0) + 1, createdAt: now(), note: note, packCount: packCount,
            totalBytes: totalBytes, rollbackOf: rollbackOf, prunedAt: nil, minBuild: builds.min?.description,
            maxBuild: builds.max?.description, channel: channel.text)
        try release.insert(db)
        try db.execute(
            sql: """
                INSERT INTO releasePack (releaseNumber, \(PackRowReader.contentColumns), appleVersion)
                SELECT ?, * FROM (\(AppleVersionSQL.select(content: content)))
                """,
            arguments: [release.number] + arguments + [current?.number])
        return release.summary
    }
}
