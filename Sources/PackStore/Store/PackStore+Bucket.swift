import GRDB

/// What publishing to a bucket needs from the index besides the release itself.
extension PackStore {
    /// Runs `body` holding `bucket.lock` in the data directory exclusively. Every process that writes the
    /// bucket from this index (`publish`, `renew`, `gc`, `serve`'s sync) takes it, so two of them never
    /// interleave their writes and a slower one never moves the pointer back over a newer one.
    public func withBucketLock<T>(_ body: () throws -> T) throws -> T {
        var result: Result<T, any Error>!
        try FileLock.withLock(dataDirectory.path + "/bucket.lock", .exclusive) { () throws(PackStoreError) in
            result = Result { try body() }
        }
        return try result.get()
    }

    /// The newest manifest production signed for release `number`, or nil when none was.
    public func latestManifest(ofRelease number: Int) throws(PackStoreError) -> StoredManifest? {
        try read { db in
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT * FROM channelManifest WHERE channel = 'production' AND releaseNumber = ?
                    ORDER BY version DESC LIMIT 1
                    """,
                arguments: [number])
            return try rows.next().map { row in try ChannelManifestRecord.stored(cursorRow: row) }
        }
    }
}
