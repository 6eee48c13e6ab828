import GRDB

extension IndexSchema {
    /// v15: staged rollouts (docs/rollouts.md). One row per channel: its live rollout, or its last one once
    /// finished or cancelled (whose offset the next rollout must not repeat), with the outcomes counted for
    /// its candidate and its control since it started. Keyed by name without a reference to `channel`, like
    /// the counter: a channel removed and created again keeps it. And the reports' counters per channel,
    /// release, result and hour: aggregates only, nothing per device.
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
                for column in ["candidateOutcomes", "candidateFailures", "controlOutcomes", "controlFailures"] {
                    table.column(column, .integer).notNull().defaults(to: 0)
                }
                // Why it was last halted (`HaltDecision.reason`, or `manual`); NULL while it never was.
                table.column("haltReason", .text)
            }
            // Each halt, written in the transaction that halts: announced (logged, counted) and delivered to
            // the webhook by `serve`, across restarts — a SIGKILL between the halt and the delivery loses nothing.
            try db.create(table: "rolloutEvent") { table in
                table.primaryKey("id", .text)
                table.column("channel", .text).notNull()
                table.column("reason", .text).notNull()
                table.column("body", .blob).notNull()
                table.column("createdAt", .integer).notNull()
                table.column("announcedAt", .integer)
                table.column("deliveredAt", .integer)
                table.column("attempts", .integer).notNull().defaults(to: 0)
                table.column("nextAttemptAt", .integer).notNull()
            }
            // Adoption per channel, release and hour, as the origin sees it: manifest requests answered with
            // the release (behind a CDN: its misses and revalidations only).
            try db.create(table: "adoptionCount") { table in
                table.column("channel", .text).notNull()
                table.column("release", .integer).notNull()
                table.column("hour", .integer).notNull()
                table.column("manifestRequests", .integer).notNull()
                table.primaryKey(["channel", "release", "hour"])
            }
            try db.create(table: "reportCount") { table in
                table.column("channel", .text).notNull()
                table.column("release", .integer).notNull()
                table.column("result", .text).notNull()
                // Unix seconds / 3600.
                table.column("hour", .integer).notNull()
                table.column("count", .integer).notNull()
                table.primaryKey(["channel", "release", "result", "hour"])
            }
        }
    }

    /// v16: completed downloads in the adoption counts (docs/rollouts.md "Adoption"): responses that carried a
    /// pack's bytes up to its last one, per channel, release and hour.
    static func registerCompletedDownloads(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v16: completed downloads") { db in
            try db.alter(table: "adoptionCount") { table in
                table.add(column: "completedDownloads", .integer).notNull().defaults(to: 0)
            }
        }
    }
}
