import Foundation
import GRDB
import ReleaseViews

/// Adoption (docs/rollouts.md "Adoption"): hourly counts per channel and release, kept 90 days.
extension PackStore {
    /// Hours of counts kept: 90 days.
    public static let adoptionHoursKept: Int64 = 90 * 24

    /// Adds manifest requests and completed downloads to the hourly counts, and drops counts older than
    /// `adoptionHoursKept` before `nowHour`.
    public func recordAdoption(_ deltas: [AdoptionDelta], nowHour: Int64) throws(PackStoreError) {
        try write { db in
            let upsert = try db.makeStatement(sql: """
                INSERT INTO adoptionCount (channel, release, hour, manifestRequests, completedDownloads) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (channel, release, hour) DO UPDATE SET
                    manifestRequests = manifestRequests + excluded.manifestRequests,
                    completedDownloads = completedDownloads + excluded.completedDownloads
                """)
            for delta in deltas {
                try upsert.execute(arguments: [delta.channel, delta.release, delta.hour, delta.manifestRequests, delta.completedDownloads])
            }
            let oldest = nowHour - Self.adoptionHoursKept
            try db.execute(sql: "DELETE FROM adoptionCount WHERE hour < ?", arguments: [oldest])
            try db.execute(sql: "DELETE FROM reportCount WHERE hour < ?", arguments: [oldest])
        }
    }

    /// `channel`'s counts for the `hours` hours up to and including `nowHour`, by hour then release.
    public func adoption(of channel: ChannelName, hours: Int, nowHour: Int64) throws(PackStoreError) -> [ReleaseHourStats] {
        try read { db in
            try Self.requireChannel(channel, db)
            let since = nowHour - Int64(hours) + 1
            var stats: [[Int64]: ReleaseHourStats] = [:]
            func entry(_ hour: Int64, _ release: Int) -> ReleaseHourStats {
                stats[[hour, Int64(release)]] ?? ReleaseHourStats(hour: hour, release: release)
            }
            for row in try Row.fetchAll(
                db, sql: "SELECT hour, release, manifestRequests, completedDownloads FROM adoptionCount WHERE channel = ? AND hour >= ?",
                arguments: [channel.text, since])
            {
                var item = entry(row[0], row[1])
                item.manifestRequests += row[2] as Int
                item.completedDownloads += row[3] as Int
                stats[[row[0], Int64(row[1] as Int)]] = item
            }
            for row in try Row.fetchAll(
                db, sql: "SELECT hour, release, result, count FROM reportCount WHERE channel = ? AND hour >= ?",
                arguments: [channel.text, since])
            {
                var item = entry(row[0], row[1])
                if row[2] as String == "failed" { item.failed += row[3] as Int } else { item.installed += row[3] as Int }
                stats[[row[0], Int64(row[1] as Int)]] = item
            }
            return stats.values.sorted { ($0.hour, $0.release) < ($1.hour, $1.release) }
        }
    }
}
