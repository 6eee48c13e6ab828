import GRDB

extension IndexSchema {
    /// v15: staged rollouts (docs/rollouts.md). One row per channel: its live rollout, or its last one once
    /// finished or cancelled (whose offset the next rollout must not repeat). Keyed by name without a
    /// reference to `channel`, like the counter: a channel removed and created again keeps it.
    static func registerRollouts(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v15: staged rollouts") { db in
            try db.create(table: RolloutRecord.databaseTableName) { table in
                table.primaryKey("channel", .text)
                table.column("candidate", .integer).notNull().references(ReleaseRecord.databaseTableName)
                table.column("previousRelease", .integer).notNull()
                table.column("tenths", .integer).notNull()
                table.column("offset", .integer).notNull()
                table.column("state", .text).notNull()
                table.column("startedAt", .datetime).notNull()
                table.column("changedAt", .datetime).notNull()
            }
        }
    }
}
