import Foundation
import GRDB

extension IndexSchema {
    /// Channels and app builds (docs/channels.md). Every release made before is production's, and production
    /// answers from the latest one as it did: one view for every build, signed at the version it had.
    static func registerChannels(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v11: channels and app builds") { db in
            // A release's build range (NULL: no bound), fixed at publish; and the channel it was published to.
            try db.alter(table: ReleaseRecord.databaseTableName) { table in
                table.add(column: "minBuild", .text)
                table.add(column: "maxBuild", .text)
                table.add(column: "channel", .text).notNull().defaults(to: "production")
            }
            try db.create(table: ChannelRecord.databaseTableName) { table in
                table.primaryKey("name", .text)
                table.column("requireCredentials", .boolean).notNull().defaults(to: false)
                table.column("createdAt", .datetime).notNull()
            }
            // Each channel's last manifest version. Never deleted: a channel removed and created again goes on
            // from here, so a device that read it before never sees `version` fall.
            try db.create(table: "channelCounter") { table in
                table.primaryKey("name", .text)
                table.column("version", .integer).notNull()
            }
            // The releases each channel pointed at, oldest first; what `/builds/{b}/…` chooses from.
            try db.create(table: "channelHistory") { table in
                table.column("channel", .text).notNull()
                table.column("seq", .integer).notNull()
                table.column("releaseNumber", .integer).notNull().references(ReleaseRecord.databaseTableName)
                table.column("pointedAt", .datetime).notNull()
                table.column("action", .text).notNull()
                table.primaryKey(["channel", "seq"])
            }
            // `ServedFloor` per channel and pack id, as its text. Kept after `channel rm`, like the counter.
            try db.create(table: "channelFloor", options: .withoutRowID) { table in
                table.column("channel", .text).notNull()
                table.column("packId", .text).notNull()
                table.column("floor", .text).notNull()
                table.primaryKey(["channel", "packId"])
            }
            // Every Apple version ever issued and the content it names: one version, one content, for ever.
            try db.create(table: "appleVersionContent", options: .withoutRowID) { table in
                table.column("packId", .text).notNull()
                table.column("version", .integer).notNull()
                table.column("contentKey", .text).notNull()
                table.primaryKey(["packId", "version"])
            }
            try db.create(
                index: "appleVersionContentByContent", on: "appleVersionContent",
                columns: ["packId", "contentKey", "version"])
            // The build map: a build (by its point, so `2` and `2.0` are one key) → the channel it reads.
            try db.create(table: "buildChannel") { table in
                table.primaryKey("point", .text)
                table.column("build", .text).notNull()
                table.column("channel", .text).notNull()
            }
            // Each channel's current views: a run of builds, the release it reads, and each pack's Apple
            // version there (little-endian 32-bit, in the release's id order; NULL: the release's own).
            try db.create(table: "channelView", options: .withoutRowID) { table in
                table.column("channel", .text).notNull()
                table.column("segment", .text).notNull()
                table.column("releaseNumber", .integer).notNull().references(ReleaseRecord.databaseTableName)
                table.column("appleVersions", .blob)
                table.primaryKey(["channel", "segment"])
            }
            // The documents encoded for each view (the download manifest and its platform variants), by digest:
            // twenty channels reading one release with the same versions share one body.
            try db.create(table: "viewDocument", options: .withoutRowID) { table in
                table.column("channel", .text).notNull()
                table.column("segment", .text).notNull()
                table.column("name", .text).notNull()
                table.column("profile", .text).notNull()
                table.column("digest", .text).notNull()
                table.primaryKey(["channel", "segment", "name"])
            }
            try db.create(table: "documentBody", options: .withoutRowID) { table in
                table.primaryKey("digest", .text)
                table.column("body", .blob).notNull()
            }
            // One row per view a channel's signing covers: every view of a channel is signed at one version.
            try db.create(table: ChannelManifestRecord.databaseTableName) { table in
                table.column("channel", .text).notNull()
                table.column("version", .integer).notNull()
                table.column("segment", .text).notNull()
                table.column("releaseNumber", .integer).notNull().references(ReleaseRecord.databaseTableName)
                table.column("issuedAt", .integer).notNull()
                table.column("expiresAt", .integer).notNull()
                table.column("notBefore", .integer).notNull()
                table.column("keyId", .text).notNull()
                table.column("payload", .blob).notNull()
                table.column("payloadSignature", .blob).notNull()
                table.column("compactJWS", .text).notNull()
                table.column("profile", .text).notNull()
                table.primaryKey(["channel", "version", "segment"])
            }

            // Production, as the index had it.
            let now = Date()
            try db.execute(sql: "INSERT INTO channel (name, createdAt) VALUES ('production', ?)", arguments: [now])
            try db.execute(sql: """
                INSERT INTO channelManifest (channel, version, segment, releaseNumber, issuedAt, expiresAt, notBefore,
                                             keyId, payload, payloadSignature, compactJWS, profile)
                SELECT 'production', version, '0.0.0-', releaseNumber, issuedAt, expiresAt, coalesce(notBefore, issuedAt), keyId,
                       payload, payloadSignature, compactJWS, profile
                FROM signedManifest
                """)
            try db.execute(sql: "DROP TABLE signedManifest")
            try db.execute(sql: """
                INSERT INTO channelCounter (name, version)
                SELECT 'production', coalesce(max(version), 0) FROM channelManifest
                """)
            try db.execute(sql: """
                INSERT INTO channelHistory (channel, seq, releaseNumber, pointedAt, action)
                SELECT 'production', number, number, createdAt,
                       CASE WHEN rollbackOf IS NULL THEN 'publish' ELSE 'rollback' END
                FROM release ORDER BY number
                """)
            try db.execute(sql: """
                INSERT OR IGNORE INTO appleVersionContent (packId, version, contentKey)
                SELECT packId, appleVersion, contentKey FROM releasePack WHERE appleVersion > 0
                """)
            // Every release so far was production's: its floor is each id's highest version, for every build.
            try db.execute(sql: """
                INSERT INTO channelFloor (channel, packId, floor)
                SELECT 'production', packId, latest || '@0.0.0' FROM appleVersion WHERE latest > 0
                """)
            guard let latest = try Int.fetchOne(db, sql: "SELECT max(number) FROM release") else {
                try db.execute(sql: "DROP TABLE releaseDocument")
                return
            }
            let segment = "0.0.0-"
            try db.execute(
                sql: "INSERT INTO channelView (channel, segment, releaseNumber, appleVersions) VALUES ('production', ?, ?, NULL)",
                arguments: [segment, latest])
            let rows = try Row.fetchAll(
                db, sql: "SELECT name, profile, body FROM releaseDocument WHERE releaseNumber = ?", arguments: [latest])
            for row in rows {
                let body: Data = row["body"]
                let digest = DocumentDigest.of(Array(body))
                try db.execute(
                    sql: "INSERT OR IGNORE INTO documentBody (digest, body) VALUES (?, ?)", arguments: [digest, body])
                try db.execute(
                    sql: """
                        INSERT INTO viewDocument (channel, segment, name, profile, digest)
                        VALUES ('production', ?, ?, ?, ?)
                        """,
                    arguments: [segment, row["name"] as String, row["profile"] as String, digest])
            }
            try db.execute(sql: "DROP TABLE releaseDocument")
        }
    }
}
