import GRDB

/// The two ways to read pack lists out of the index: the live draft (joins) and a frozen release (one range scan).
extension PackStore {
    /// Draft packs sorted by id, optionally only those carrying `tag` or only pack `packID`.
    static func draftEntries(_ db: Database, tag: String? = nil, packID: String? = nil) throws -> [PackEntry] {
        var conditions = ["p.currentVersion IS NOT NULL"]
        var arguments = StatementArguments()
        if let tag {
            conditions.append("EXISTS (SELECT 1 FROM packTag f WHERE f.packId = p.id AND f.tag = ?)")
            _ = arguments.append(contentsOf: [tag])
        }
        if let packID {
            conditions.append("p.id = ?")
            _ = arguments.append(contentsOf: [packID])
        }
        let sql = """
            SELECT p.id, v.version, v.size, v.sha256, p.policy, p.fetchOrder, p.contentType,
                   (SELECT group_concat(t.tag, ',') FROM packTag t WHERE t.packId = p.id) AS tags
            FROM pack p JOIN packVersion v ON v.packId = p.id AND v.version = p.currentVersion
            WHERE \(conditions.joined(separator: " AND "))
            ORDER BY p.id
            """
        return try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
            PackEntry(
                id: row[0], version: row[1], size: row[2], sha256: row[3],
                tags: ReleasePackRecord.decodeTags(row[7] ?? "").sorted(),
                policy: PackPolicy(rawValue: row[4]) ?? .onDemand, order: row[5], contentType: row[6])
        }
    }

    /// A release's packs sorted by id, optionally only those carrying `tag`. Throws for unknown or pruned releases.
    static func releaseEntries(_ db: Database, release number: Int, tag: String? = nil) throws -> [PackEntry] {
        try requireListableRelease(number, db)
        var entries: [PackEntry] = []
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT packId, version, size, sha256, tags, policy, fetchOrder, contentType
                FROM releasePack WHERE releaseNumber = ? ORDER BY packId
                """,
            arguments: [number])
        while let row = try rows.next() {
            let tags = ReleasePackRecord.decodeTags(row[4])
            if let tag, !tags.contains(tag) { continue }
            entries.append(
                PackEntry(
                    id: row[0], version: row[1], size: row[2], sha256: row[3], tags: tags,
                    policy: PackPolicy(rawValue: row[5]) ?? .onDemand, order: row[6], contentType: row[7]))
        }
        return entries
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
