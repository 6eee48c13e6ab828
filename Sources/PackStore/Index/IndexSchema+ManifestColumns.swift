import GRDB

extension IndexSchema {
    /// v12: `channelManifest` with its small columns first and the signed bytes last. SQLite stores a row's
    /// columns in order and a large blob in a chain of overflow pages: reading a column after the blobs
    /// (`profile` was last) walks the whole chain, some 50 MB per view of 100,000 packs, and the server reads
    /// every channel's signing states several times a second.
    static func registerManifestColumns(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v12: manifest bytes last") { db in
            try db.create(table: "channelManifestNew") { table in
                table.column("channel", .text).notNull()
                table.column("version", .integer).notNull()
                table.column("segment", .text).notNull()
                table.column("releaseNumber", .integer).notNull().references(ReleaseRecord.databaseTableName)
                table.column("issuedAt", .integer).notNull()
                table.column("expiresAt", .integer).notNull()
                table.column("notBefore", .integer).notNull()
                table.column("keyId", .text).notNull()
                table.column("profile", .text).notNull()
                table.column("payloadSignature", .blob).notNull()
                table.column("payload", .blob).notNull()
                table.column("compactJWS", .text).notNull()
                table.primaryKey(["channel", "version", "segment"])
            }
            let columns = """
                channel, version, segment, releaseNumber, issuedAt, expiresAt, notBefore, keyId, profile, payloadSignature, \
                payload, compactJWS
                """
            try db.execute(sql: "INSERT INTO channelManifestNew (\(columns)) SELECT \(columns) FROM channelManifest")
            try db.execute(sql: "DROP TABLE channelManifest")
            try db.execute(sql: "ALTER TABLE channelManifestNew RENAME TO channelManifest")
        }
    }
}

extension IndexSchema {
    /// v13: `channelManifest` keeps the JWS without its payload part (`detachedJWS`, `header..signature`,
    /// RFC 7515 Appendix F) instead of the compact JWS, which repeated the payload in base64url: 46 MB more per
    /// view of 100,000 packs, written into the WAL and again into the index by every signing.
    static func registerDetachedJWS(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v13: detached JWS") { db in
            try db.create(table: "channelManifestNew") { table in
                table.column("channel", .text).notNull()
                table.column("version", .integer).notNull()
                table.column("segment", .text).notNull()
                table.column("releaseNumber", .integer).notNull().references(ReleaseRecord.databaseTableName)
                table.column("issuedAt", .integer).notNull()
                table.column("expiresAt", .integer).notNull()
                table.column("notBefore", .integer).notNull()
                table.column("keyId", .text).notNull()
                table.column("profile", .text).notNull()
                table.column("payloadSignature", .blob).notNull()
                table.column("detachedJWS", .text).notNull()
                table.column("payload", .blob).notNull()
                table.primaryKey(["channel", "version", "segment"])
            }
            let kept = "channel, version, segment, releaseNumber, issuedAt, expiresAt, notBefore, keyId, profile, payloadSignature"
            // base64url has no '.': the header is before the first dot, the signature after the second.
            let afterFirstDot = "substr(compactJWS, instr(compactJWS, '.') + 1)"
            try db.execute(sql: """
                INSERT INTO channelManifestNew (\(kept), detachedJWS, payload)
                SELECT \(kept),
                       substr(compactJWS, 1, instr(compactJWS, '.') - 1) || '..'
                           || substr(\(afterFirstDot), instr(\(afterFirstDot), '.') + 1),
                       payload
                FROM channelManifest
                """)
            try db.execute(sql: "DROP TABLE channelManifest")
            try db.execute(sql: "ALTER TABLE channelManifestNew RENAME TO channelManifest")
        }
    }
}
