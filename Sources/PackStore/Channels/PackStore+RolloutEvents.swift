import Foundation
import GRDB
import JSONText

/// The queue of rollout events (docs/rollouts.md "Webhook"): written with the halt, announced once,
/// delivered at least once (each delivery of an event has the same `id`), given up after the dispatcher's
/// last attempt.
extension PackStore {
    /// Events not delivered yet whose next attempt is due at `now`, oldest first; and those never announced.
    public func dueRolloutEvents(now: Int64, limit: Int = 100) throws(PackStoreError) -> [RolloutEvent] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM rolloutEvent
                    WHERE deliveredAt IS NULL AND (nextAttemptAt <= ? OR announcedAt IS NULL)
                    ORDER BY createdAt, id LIMIT ?
                    """,
                arguments: [now, limit]
            ).map { row in
                RolloutEvent(
                    id: row["id"], channel: row["channel"], reason: row["reason"], body: Array(row["body"] as Data),
                    attempts: row["attempts"], isAnnounced: (row["announcedAt"] as Int64?) != nil)
            }
        }
    }

    /// Marks `id` announced (logged and counted); false when another process did it first.
    public func announceRolloutEvent(_ id: String, now: Int64) throws(PackStoreError) -> Bool {
        try write { db in
            try db.execute(
                sql: "UPDATE rolloutEvent SET announcedAt = ? WHERE id = ? AND announcedAt IS NULL", arguments: [now, id])
            return db.changesCount == 1
        }
    }

    /// Records a delivery attempt: delivered (or given up) when `nextAttempt` is nil, else retried then.
    public func recordRolloutEventAttempt(_ id: String, now: Int64, nextAttempt: Int64?) throws(PackStoreError) {
        try write { db in
            if let nextAttempt {
                try db.execute(
                    sql: "UPDATE rolloutEvent SET attempts = attempts + 1, nextAttemptAt = ? WHERE id = ?",
                    arguments: [nextAttempt, id])
            } else {
                try db.execute(
                    sql: "UPDATE rolloutEvent SET attempts = attempts + 1, deliveredAt = ? WHERE id = ?", arguments: [now, id])
            }
        }
    }

    /// Queues the `rollout.halted` event of `rollout`, halted just now for `reason`.
    static func queueHaltEvent(_ rollout: RolloutStatus, reason: String, _ db: Database) throws {
        let id = UUID().uuidString.lowercased()
        let now = Self.now()
        let body = try CanonicalJSON.encode(HaltNotice(rollout, reason: reason, id: id, at: now))
        // Due at once: the dispatcher schedules later attempts on its own clock.
        try db.execute(
            sql: """
                INSERT INTO rolloutEvent (id, channel, reason, body, createdAt, nextAttemptAt) VALUES (?, ?, ?, ?, ?, 0)
                """,
            arguments: [id, rollout.channel.text, reason, Data(body), Int64(now.timeIntervalSince1970)])
    }
}
