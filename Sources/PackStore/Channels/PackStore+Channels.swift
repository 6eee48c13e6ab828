import Foundation
import GRDB
import ReleaseViews

/// Channels (docs/channels.md): named pointers to retained releases, each signing its own views.
extension PackStore {
    /// Every channel that exists, production first, then by name.
    public func channels() throws(PackStoreError) -> [ChannelSummary] {
        try read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT c.name, c.requireCredentials, c.createdAt, coalesce(k.version, 0) AS version,
                           (SELECT h.releaseNumber FROM channelHistory h WHERE h.channel = c.name
                            ORDER BY h.seq DESC LIMIT 1) AS release
                    FROM channel c LEFT JOIN channelCounter k ON k.name = c.name
                    ORDER BY c.name != 'production', c.name
                    """)
            let live = Dictionary(
                uniqueKeysWithValues: try RolloutRecord.fetchAll(db).filter(\.isLive).map { ($0.channel, try $0.status()) })
            return rows.map { row in
                ChannelSummary(
                    name: row["name"], release: row["release"], version: row["version"],
                    requireCredentials: row["requireCredentials"], createdAt: row["createdAt"], rollout: live[row["name"]])
            }
        }
    }

    /// The releases `channel` pointed at, oldest first.
    public func channelHistory(_ channel: ChannelName) throws(PackStoreError) -> [ChannelHistoryItem] {
        try read { db in
            try Self.requireChannel(channel, db)
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT h.releaseNumber, h.pointedAt, h.action, r.minBuild, r.maxBuild, r.prunedAt
                    FROM channelHistory h JOIN release r ON r.number = h.releaseNumber
                    WHERE h.channel = ? ORDER BY h.seq
                    """,
                arguments: [channel.text])
            return try rows.map { row in
                ChannelHistoryItem(
                    release: row[0], pointedAt: row[1], action: ChannelHistoryItem.Action(rawValue: row[2]) ?? .publish,
                    builds: try Self.storedRange(min: row[3], max: row[4], release: row[0]),
                    isPruned: (row[5] as Date?) != nil)
            }
        }
    }

    /// Creates `channel` pointing at release `number` (default: production's current release), signed at once.
    public func createChannel(
        _ channel: ChannelName, at number: Int? = nil, requireCredentials: Bool = false,
        sealedBy sealer: some ChannelSealer
    ) throws(PackStoreError) -> ChannelChange {
        try write { db in
            guard try ChannelRecord.fetchOne(db, key: channel.text) == nil else {
                throw PackStoreError.channel(.channelExists(channel.text))
            }
            guard let target = try number ?? Self.currentRelease(of: .production, db) else {
                throw PackStoreError.channel(.noReleaseYet(channel: channel.text))
            }
            try Self.requireListableRelease(target, db)
            try ChannelRecord(name: channel.text, requireCredentials: requireCredentials, createdAt: Self.now()).insert(db)
            try Self.point(channel, at: target, action: .create, db)
            return try Self.signChannel(channel, sealer: sealer, db)
        }
    }

    /// Removes `channel`; its manifest counter and Apple version floors stay, so that creating it again never
    /// lowers what its devices saw. Refused for production and while builds are mapped to it.
    public func removeChannel(_ channel: ChannelName) throws(PackStoreError) {
        try write { db in
            guard !channel.isProduction else { throw PackStoreError.channel(.productionIsPermanent) }
            try Self.requireChannel(channel, db)
            try Self.requireNoLiveRollout(channel, db)
            let builds = try String.fetchAll(
                db, sql: "SELECT build FROM buildChannel WHERE channel = ? ORDER BY point", arguments: [channel.text])
            guard builds.isEmpty else { throw PackStoreError.channel(.buildsMapped(channel: channel.text, builds: builds)) }
            for table in ["channelView", "viewDocument", "channelManifest"] {
                try db.execute(sql: "DELETE FROM \(table) WHERE channel = ?", arguments: [channel.text])
            }
            try db.execute(sql: "DELETE FROM channelHistory WHERE channel = ?", arguments: [channel.text])
            try db.execute(sql: "DELETE FROM channel WHERE name = ?", arguments: [channel.text])
            try db.execute(sql: "DELETE FROM documentBody WHERE digest NOT IN (SELECT digest FROM viewDocument)")
        }
    }

    /// Points `channel` at retained release `number`, which must be newer than its current one: no upload, no
    /// new release, a new signing of every view.
    public func promote(_ channel: ChannelName, to number: Int, sealedBy sealer: some ChannelSealer)
        throws(PackStoreError) -> ChannelChange
    {
        try write { db in
            try Self.requireChannel(channel, db)
            try Self.requireNoLiveRollout(channel, db)
            try Self.requireListableRelease(number, db)
            let current = try Self.currentRelease(of: channel, db) ?? 0
            guard number > current else {
                throw PackStoreError.channel(.notNewer(channel: channel.text, current: current, requested: number))
            }
            try Self.point(channel, at: number, action: .promote, db)
            return try Self.signChannel(channel, sealer: sealer, db)
        }
    }

    static func requireChannel(_ channel: ChannelName, _ db: Database) throws {
        guard try ChannelRecord.fetchOne(db, key: channel.text) != nil else {
            throw PackStoreError.channel(.unknownChannel(channel.text))
        }
    }

    /// Appends release `number` to the channel's history.
    static func point(_ channel: ChannelName, at number: Int, action: ChannelHistoryItem.Action, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO channelHistory (channel, seq, releaseNumber, pointedAt, action)
                SELECT ?, coalesce(max(seq), 0) + 1, ?, ?, ? FROM channelHistory WHERE channel = ?
                """,
            arguments: [channel.text, number, now(), action.rawValue, channel.text])
    }
}
