import GRDB

/// Releases: `publish`, `rollback`, `releases`, `ls --release`, and the cheap change probe the server polls.
extension PackStore {
    /// Freezes the draft into the next release, in one SQLite transaction.
    ///
    /// Refuses with `nothingToPublish` when the draft is identical to the latest release (or when there is no
    /// release yet and the draft is empty): a release number always means new content. Publishing an empty
    /// draft after a non-empty release is allowed — it is how every pack is withdrawn.
    @discardableResult
    public func publish(note: String = "") throws(PackStoreError) -> ReleaseSummary {
        try write { db in
            let draft = try Self.draftEntries(db)
            return try Self.insertRelease(content: draft, note: note, rollbackOf: nil, db)
        }
    }

    /// Publishes a NEW release whose content equals release `number`. The draft is left as it is (so the next
    /// `publish` makes the draft current again); refuses when the latest release already has that content.
    @discardableResult
    public func rollback(to number: Int, note: String? = nil) throws(PackStoreError) -> ReleaseSummary {
        try write { db in
            let content = try Self.releaseEntries(db, release: number)
            return try Self.insertRelease(
                content: content, note: note ?? "rollback to release \(number)", rollbackOf: number, db)
        }
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

    private static func insertRelease(
        content: [PackEntry], note: String, rollbackOf: Int?, _ db: Database
    ) throws -> ReleaseSummary {
        let latest = try latestRelease(db)
        if let latest, latest.prunedAt == nil, try releaseEntries(db, release: latest.number) == content {
            throw PackStoreError.nothingToPublish(latestRelease: latest.number)
        }
        if latest == nil && content.isEmpty { throw PackStoreError.nothingToPublish(latestRelease: nil) }

        let release = ReleaseRecord(
            number: (latest?.number ?? 0) + 1, createdAt: now(), note: note, packCount: content.count,
            totalBytes: content.reduce(0) { $0 + $1.size }, rollbackOf: rollbackOf, prunedAt: nil)
        try release.insert(db)
        // One prepared statement reused for every row: 100,000 packs insert in well under a second.
        let statement = try db.makeStatement(
            sql: """
                INSERT INTO releasePack
                (releaseNumber, packId, version, sha256, size, tags, policy, fetchOrder, contentType)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        for entry in content {
            try statement.execute(arguments: [
                release.number, entry.id, entry.version, entry.sha256, entry.size,
                ReleasePackRecord.encodeTags(entry.tags), entry.policy.rawValue, entry.order, entry.contentType,
            ])
        }
        return release.summary
    }
}
