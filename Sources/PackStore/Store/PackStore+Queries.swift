import GRDB

/// The two ways to read pack lists out of the index: the live draft (joins) and a frozen release (one range scan).
extension PackStore {
    /// Draft packs sorted by id, optionally only those carrying `tag` or only pack `packID`, with the Apple
    /// version the next publish would give them.
    static func draftEntries(_ db: Database, tag: String? = nil, packID: String? = nil) throws -> [PackEntry] {
        var conditions: [String] = []
        var arguments = StatementArguments()
        if let tag {
            conditions.append("EXISTS (SELECT 1 FROM packTag f WHERE f.packId = draftPack.packId AND f.tag = ?)")
            _ = arguments.append(contentsOf: [tag])
        }
        if let packID {
            conditions.append("packId = ?")
            _ = arguments.append(contentsOf: [packID])
        }
        let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        let content = "SELECT \(PackRowReader.contentColumns) FROM draftPack \(filter)"
        return try PackRowReader.entries(
            db, sql: AppleVersionSQL.select(content: content) + " ORDER BY c.packId",
            arguments: arguments + [try latestRelease(db)?.number])
    }

    /// A release's packs sorted by id, optionally only those carrying `tag`. Throws for unknown or pruned releases.
    static func releaseEntries(_ db: Database, release number: Int, tag: String? = nil) throws -> [PackEntry] {
        try requireListableRelease(number, db)
        let entries = try PackRowReader.entries(
            db,
            sql: "SELECT \(PackRowReader.columns) FROM releasePack WHERE releaseNumber = ? ORDER BY packId",
            arguments: [number])
        guard let tag else { return entries }
        return entries.filter { $0.tags.contains(tag) }
    }

    /// The release row, if it exists and still has its contents.
    @discardableResult
    static func requireListableRelease(_ number: Int, _ db: Database) throws -> ReleaseRecord {
        guard let release = try ReleaseRecord.fetchOne(db, key: number) else {
            throw PackStoreError.unknownRelease(number)
        }
        guard release.prunedAt == nil else { throw PackStoreError.releasePruned(number) }
        return release
    }

    static func latestRelease(_ db: Database) throws -> ReleaseRecord? {
        try ReleaseRecord.order(Column("number").desc).fetchOne(db)
    }
}
