import GRDB

extension IndexSchema {
    /// v14: what each view's documents were made from besides the release, its Apple versions and the profile
    /// (`ReleaseDocuments.source`), so that a later view needing the same bytes is offered them (NULL for
    /// documents stored before: offered to nobody). And `documentBody` and `channelView` as rowid tables: a
    /// WITHOUT ROWID table keeps each row in its key's b-tree, and SQLite compares keys whose cell overflows by
    /// reading the whole row, so every lookup of a 34 MB download manifest by digest read all of it (a tenth
    /// of a promote of 100,000 packs), and a view's 400 KB of Apple versions likewise.
    static func registerDocumentSources(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v14: view document sources, large rows out of keys") { db in
            try db.alter(table: "viewDocument") { table in
                table.add(column: "source", .text)
            }
            try db.create(table: "documentBodyNew") { table in
                table.primaryKey("digest", .text)
                table.column("body", .blob).notNull()
            }
            try db.execute(sql: "INSERT INTO documentBodyNew (digest, body) SELECT digest, body FROM documentBody")
            try db.execute(sql: "DROP TABLE documentBody")
            try db.execute(sql: "ALTER TABLE documentBodyNew RENAME TO documentBody")
            try db.create(table: "channelViewNew") { table in
                table.column("channel", .text).notNull()
                table.column("segment", .text).notNull()
                table.column("releaseNumber", .integer).notNull().references(ReleaseRecord.databaseTableName)
                table.column("appleVersions", .blob)
                table.primaryKey(["channel", "segment"])
            }
            try db.execute(sql: """
                INSERT INTO channelViewNew (channel, segment, releaseNumber, appleVersions)
                SELECT channel, segment, releaseNumber, appleVersions FROM channelView
                """)
            try db.execute(sql: "DROP TABLE channelView")
            try db.execute(sql: "ALTER TABLE channelViewNew RENAME TO channelView")
        }
    }
}
