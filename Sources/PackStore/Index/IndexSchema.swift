import GRDB

/// The index's schema, created and upgraded by GRDB migrations. Never edit a shipped migration: add a new one.
enum IndexSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: packs, versions, tags, releases") { db in
            // The draft: one row per pack id ever added. `currentVersion` NULL means removed (`rm`);
            // `latestVersion` only grows, so version numbers are never reused after `rm` or `gc`.
            try db.create(table: PackRecord.databaseTableName) { table in
                table.primaryKey("id", .text)
                table.column("policy", .text).notNull()
                    .check(sql: "policy IN ('essential', 'prefetch', 'on-demand')")
                table.column("fetchOrder", .integer).notNull().defaults(to: 0)
                table.column("contentType", .text).notNull()
                table.column("currentVersion", .integer)
                table.column("latestVersion", .integer).notNull().defaults(to: 0)
            }
            try db.create(table: PackVersionRecord.databaseTableName) { table in
                table.column("packId", .text).notNull().references(PackRecord.databaseTableName, onDelete: .cascade)
                table.column("version", .integer).notNull()
                table.column("sha256", .text).notNull().indexed()
                table.column("size", .integer).notNull()
                table.column("createdAt", .datetime).notNull()
                table.column("originalFilename", .text).notNull()
                table.primaryKey(["packId", "version"])
            }
            try db.create(table: PackTagRecord.databaseTableName, options: .withoutRowID) { table in
                table.column("packId", .text).notNull().references(PackRecord.databaseTableName, onDelete: .cascade)
                table.column("tag", .text).notNull().indexed()
                table.primaryKey(["packId", "tag"])
            }
            // `number` is the rowid, so "latest release" is a single b-tree descent: cheap enough to poll.
            try db.create(table: ReleaseRecord.databaseTableName) { table in
                table.primaryKey("number", .integer)
                table.column("createdAt", .datetime).notNull()
                table.column("note", .text).notNull().defaults(to: "")
                table.column("packCount", .integer).notNull()
                table.column("totalBytes", .integer).notNull()
                table.column("rollbackOf", .integer)
                table.column("prunedAt", .datetime)
            }
            // Frozen, denormalised copies of the draft at publish time: loading a release is one range scan of
            // this WITHOUT ROWID table's primary key, with no joins.
            try db.create(table: ReleasePackRecord.databaseTableName, options: .withoutRowID) { table in
                table.column("releaseNumber", .integer).notNull()
                    .references(ReleaseRecord.databaseTableName, onDelete: .cascade)
                table.column("packId", .text).notNull()
                table.column("version", .integer).notNull()
                table.column("sha256", .text).notNull()
                table.column("size", .integer).notNull()
                table.column("tags", .text).notNull()
                table.column("policy", .text).notNull()
                table.column("fetchOrder", .integer).notNull()
                table.column("contentType", .text).notNull()
                table.primaryKey(["releaseNumber", "packId"])
            }
            try db.create(index: "releasePack_sha256", on: ReleasePackRecord.databaseTableName, columns: ["sha256"])
        }
        migrator.registerMigration("v2: draftPack view") { db in
            // The draft in exactly the column layout of `releasePack`, so publishing is one INSERT … SELECT and
            // "is the draft identical to release N" one EXCEPT, both inside SQLite. Tags come out sorted because
            // the subquery walks `packTag`'s (packId, tag) primary key in order.
            try db.execute(sql: """
                CREATE VIEW draftPack AS
                SELECT p.id AS packId, v.version, v.size, v.sha256,
                       coalesce((SELECT group_concat(t.tag, ',') FROM packTag t WHERE t.packId = p.id), '') AS tags,
                       p.policy, p.fetchOrder, p.contentType
                FROM pack p JOIN packVersion v ON v.packId = p.id AND v.version = p.currentVersion
                """)
        }
        migrator.registerMigration("v3: signed manifests") { db in
            // One row per signing. `version` is the manifest's version: it only grows (the newest row is
            // never deleted), so clients that remember the highest version they accepted refuse rollbacks.
            try db.create(table: "signedManifest") { table in
                table.column("version", .integer).primaryKey()
                table.column("releaseNumber", .integer).notNull().references(ReleaseRecord.databaseTableName)
                table.column("issuedAt", .integer).notNull()
                table.column("expiresAt", .integer).notNull()
                table.column("keyId", .text).notNull()
                table.column("payload", .blob).notNull()
                table.column("payloadSignature", .blob).notNull()
                table.column("compactJWS", .text).notNull()
            }
        }
        migrator.registerMigration("v4: signing profile") { db in
            // Rows signed before this column existed get '', which matches no signer: a daemon re-signs
            // them once, and from then on only when its base URL, URL style or key really changes.
            try db.alter(table: "signedManifest") { table in
                table.add(column: "profile", .text).notNull().defaults(to: "")
            }
        }
        migrator.registerMigration("v5: Apple versions, platforms, installation events") { db in
            let events = ReleasePackRecord.encodeEvents(InstallationEventType.both)
            for table in [PackRecord.databaseTableName, ReleasePackRecord.databaseTableName] {
                try db.alter(table: table) { table in
                    table.add(column: "platforms", .text).notNull().defaults(to: "")
                    table.add(column: "installationEvents", .text).notNull().defaults(to: events)
                }
            }
            try db.alter(table: ReleasePackRecord.databaseTableName) { table in
                table.add(column: "appleVersion", .integer).notNull().defaults(to: 0)
            }
            // Each id's highest Apple version ever: never deleted, so versions never fall after gc.
            try db.create(table: "appleVersion", options: .withoutRowID) { table in
                table.primaryKey("packId", .text)
                table.column("latest", .integer).notNull()
            }
            try db.execute(sql: "DROP VIEW draftPack")
            try db.execute(sql: """
                CREATE VIEW draftPack AS
                SELECT p.id AS packId, v.version, v.size, v.sha256,
                       coalesce((SELECT group_concat(t.tag, ',') FROM packTag t WHERE t.packId = p.id), '') AS tags,
                       p.policy, p.fetchOrder, p.contentType, p.platforms, p.installationEvents
                FROM pack p JOIN packVersion v ON v.packId = p.id AND v.version = p.currentVersion
                """)
            // Number the releases already made, oldest first, by the same rule publish uses from now on. The
            // column list is this migration's own, so a later migration's columns cannot change what it does.
            let columns = "packId, version, size, sha256, tags, policy, fetchOrder, contentType, platforms, installationEvents"
            var previous: Int?
            for number in try Int.fetchAll(db, sql: "SELECT DISTINCT releaseNumber FROM releasePack ORDER BY 1") {
                try AppleVersionSQL.insertRelease(
                    number, content: "SELECT \(columns) FROM releasePack WHERE releaseNumber = ?", arguments: [number],
                    previous: previous, contentColumns: columns, contentKey: "sha256", replacing: true, db)
                previous = number
            }
        }
        migrator.registerMigration("v6: release documents") { db in
            // Encoded at publish, in the release's own transaction; rows go when gc prunes the release.
            try db.create(table: ReleaseDocumentRecord.databaseTableName, options: .withoutRowID) { table in
                table.column("releaseNumber", .integer).notNull()
                    .references(ReleaseRecord.databaseTableName, onDelete: .cascade)
                table.column("name", .text).notNull()
                table.column("profile", .text).notNull()
                table.column("body", .blob).notNull()
                table.primaryKey(["releaseNumber", "name"])
            }
        }
        migrator.registerMigration("v7: admin tokens") { db in
            // API tokens for the admin routes: the secret's SHA-256 only, never the secret.
            try db.create(table: AdminTokenRecord.databaseTableName) { table in
                table.primaryKey("name", .text)
                table.column("digest", .blob).notNull()
                table.column("scopes", .text).notNull()
                table.column("createdAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v8: private packs") { db in
            // Every pack made before private packs existed is public.
            for table in [PackRecord.databaseTableName, ReleasePackRecord.databaseTableName] {
                try db.alter(table: table) { table in
                    table.add(column: "access", .text).notNull().defaults(to: PackAccess.public.rawValue)
                }
            }
            try db.execute(sql: "DROP VIEW draftPack")
            try db.execute(sql: """
                CREATE VIEW draftPack AS
                SELECT p.id AS packId, v.version, v.size, v.sha256,
                       coalesce((SELECT group_concat(t.tag, ',') FROM packTag t WHERE t.packId = p.id), '') AS tags,
                       p.policy, p.fetchOrder, p.contentType, p.platforms, p.installationEvents, p.access
                FROM pack p JOIN packVersion v ON v.packId = p.id AND v.version = p.currentVersion
                """)
            // The server asks for every private digest at each load: partial indexes make that free when
            // few packs are private, whatever the size of the history.
            try db.execute(sql: "CREATE INDEX releasePackPrivate ON releasePack(sha256) WHERE access = 'private'")
            try db.execute(sql: "CREATE INDEX packPrivate ON pack(id) WHERE access = 'private'")
        }
        migrator.registerMigration("v9: Apple archives") { db in
            // What ingest read in an Apple Archive (docs/apple-archive.md): NULL for every other pack.
            // `contentKey` is what the Apple version follows: the archive's content digest, else the bytes' SHA-256.
            try db.alter(table: PackVersionRecord.databaseTableName) { table in
                table.add(column: "contentKey", .text).notNull().defaults(to: "")
                table.add(column: "archiveEntries", .integer)
                table.add(column: "installedBytes", .integer)
                table.add(column: "assetPackID", .text)
                table.add(column: "archiveManifest", .text)
            }
            try db.execute(sql: "UPDATE packVersion SET contentKey = sha256")
            // The download manifest's `userInfo` when the pack has its own (canonical JSON); '' for PackServe's.
            try db.alter(table: PackRecord.databaseTableName) { table in
                table.add(column: "userInfo", .text).notNull().defaults(to: "")
            }
            try db.alter(table: ReleasePackRecord.databaseTableName) { table in
                table.add(column: "contentKey", .text).notNull().defaults(to: "")
                table.add(column: "archiveEntries", .integer)
                table.add(column: "installedBytes", .integer)
                table.add(column: "assetPackID", .text)
                table.add(column: "userInfo", .text).notNull().defaults(to: "")
            }
            try db.execute(sql: "UPDATE releasePack SET contentKey = sha256")
            try db.execute(sql: "DROP VIEW draftPack")
            try db.execute(sql: """
                CREATE VIEW draftPack AS
                SELECT p.id AS packId, v.version, v.size, v.sha256,
                       coalesce((SELECT group_concat(t.tag, ',') FROM packTag t WHERE t.packId = p.id), '') AS tags,
                       p.policy, p.fetchOrder, p.contentType, p.platforms, p.installationEvents, p.access,
                       v.contentKey, v.archiveEntries, v.installedBytes, v.assetPackID, p.userInfo
                FROM pack p JOIN packVersion v ON v.packId = p.id AND v.version = p.currentVersion
                """)
        }
        migrator.registerMigration("v10: signing lease, go-live instants") { db in
            // Several `serve` processes on one data directory: the one holding the lease renews the manifest,
            // the others adopt what it signed (docs/reliability.md "One signer").
            try db.create(table: "signingLease") { table in
                table.column("id", .integer).primaryKey().check { $0 == 1 }
                table.column("holder", .text).notNull()
                table.column("expiresAt", .integer).notNull()
            }
            // When a renewal goes live on every process at once; NULL (every earlier row, and publishes) means at
            // its `issuedAt`.
            try db.alter(table: "signedManifest") { table in
                table.add(column: "notBefore", .integer)
            }
        }
        registerChannels(in: &migrator)
        registerManifestColumns(in: &migrator)
        registerDetachedJWS(in: &migrator)
        registerDocumentSources(in: &migrator)
        registerRollouts(in: &migrator)
        registerCompletedDownloads(in: &migrator)
        return migrator
    }
}
