import GRDB
import ReleaseViews

/// How long the index keeps a channel's signings (docs/channels.md "Signings kept"). Each signing of a view
/// holds its whole manifest (some 35 MB for 100,000 packs), and renewals sign again every few
/// hours: kept for ever, they filled the disk.
extension PackStore {
    /// Drops `channel`'s signings that nothing reads any more. Kept: its newest two versions (a server serves
    /// the previous one until the newest's `notBefore`, and reads its bytes when a request first asks), and
    /// production's newest signing of each release not pruned (the bucket's `releases/{n}/` and `export` of a
    /// release read it).
    static func dropSupersededSignings(of channel: ChannelName, _ db: Database) throws {
        guard let previous = try Int.fetchOne(
            db,
            sql: "SELECT DISTINCT version FROM channelManifest WHERE channel = ? ORDER BY version DESC LIMIT 1 OFFSET 1",
            arguments: [channel.text])
        else { return }
        try db.execute(
            sql: """
                DELETE FROM channelManifest
                WHERE channel = ? AND version < ?
                  AND NOT (channel = 'production' AND version IS (
                      SELECT max(m.version) FROM channelManifest m JOIN release r ON r.number = m.releaseNumber
                      WHERE m.channel = 'production' AND m.releaseNumber = channelManifest.releaseNumber
                        AND r.prunedAt IS NULL))
                """,
            // `IS`, not `=`: a pruned release has no such signing (NULL), and NOT (… = NULL) would keep the row.
            arguments: [channel.text, previous])
    }

    /// The same for every channel: after `gc` pruned releases, production's signings of them go too.
    static func dropSupersededSignings(_ db: Database) throws {
        for name in try String.fetchAll(db, sql: "SELECT DISTINCT channel FROM channelManifest") {
            guard let channel = ChannelName(name) else { continue }
            try dropSupersededSignings(of: channel, db)
        }
    }
}
