import Foundation
import GRDB
import ReleaseViews

/// `IndexAudit`'s checks of what channels and builds keep (docs/channels.md): a channel name becomes a path
/// and a bucket key, a build range a signed claim, a floor a promise to devices. Each is read back through
/// the same parser that wrote it; the first bad value is named.
enum ChannelAudit {
    static func firstProblem(_ db: Database) throws -> String? {
        for (table, column) in [
            ("channel", "name"), ("channelCounter", "name"), ("channelHistory", "channel"), ("channelFloor", "channel"),
            ("channelView", "channel"), ("viewDocument", "channel"), ("channelManifest", "channel"),
            ("buildChannel", "channel"),
        ] {
            for value in try DatabaseValue.fetchAll(db, sql: "SELECT DISTINCT \(column) FROM \(table)") {
                guard let name = String.fromDatabaseValue(value), ChannelName(name) != nil else {
                    return "\(table): \(shown(value)) is not a channel name"
                }
            }
        }
        for row in try Row.fetchAll(db, sql: "SELECT number, minBuild, maxBuild FROM \"release\"") {
            let (min, max) = (String.fromDatabaseValue(row[1] as DatabaseValue), String.fromDatabaseValue(row[2] as DatabaseValue))
            if (row[1] as DatabaseValue) != .null && min == nil || (row[2] as DatabaseValue) != .null && max == nil {
                return "release row \(row[0] as DatabaseValue): its build range is not text"
            }
            do {
                _ = try BuildRange(min: min, max: max)
            } catch {
                return "release row \(row[0] as DatabaseValue): \(error.description)"
            }
        }
        for row in try Row.fetchAll(db, sql: "SELECT point, build FROM buildChannel") {
            guard let text = String.fromDatabaseValue(row[1] as DatabaseValue), let build = try? AppBuild(parsing: text),
                String.fromDatabaseValue(row[0] as DatabaseValue) == build.point.description
            else { return "buildChannel: \(shown(row[1] as DatabaseValue)) is not a build at its point" }
        }
        for row in try Row.fetchAll(db, sql: "SELECT channel, packId, floor FROM channelFloor") {
            guard let text = String.fromDatabaseValue(row[2] as DatabaseValue), ServedFloor(stored: Substring(text)) != nil else {
                return "channelFloor: the floor of pack \(shown(row[1] as DatabaseValue)) in \(shown(row[0] as DatabaseValue)) is malformed"
            }
        }
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT v.channel, v.segment, v.releaseNumber, length(v.appleVersions), typeof(v.appleVersions),
                       (SELECT count(*) FROM releasePack r WHERE r.releaseNumber = v.releaseNumber)
                FROM channelView v
                """)
        {
            let segment = String.fromDatabaseValue(row[1] as DatabaseValue) ?? ""
            guard let release = Int.fromDatabaseValue(row[2] as DatabaseValue),
                ViewSegment(named: Substring(segment), release: release) != nil
            else { return "channelView: \(shown(row[1] as DatabaseValue)) names no run of builds" }
            let kind = String.fromDatabaseValue(row[4] as DatabaseValue)
            if kind != "null" && (kind != "blob" || Int.fromDatabaseValue(row[3] as DatabaseValue) != 4 * (Int.fromDatabaseValue(row[5] as DatabaseValue) ?? -1)) {
                return "channelView: the Apple versions of view \(segment) do not fit release \(release)"
            }
        }
        for value in try DatabaseValue.fetchAll(db, sql: "SELECT digest FROM viewDocument UNION SELECT digest FROM documentBody") {
            guard let digest = String.fromDatabaseValue(value), StoredValueRules.isSHA256Hex(digest) else {
                return "viewDocument: \(shown(value)) is not 64 hex digits"
            }
        }
        return nil
    }

    private static func shown(_ value: DatabaseValue) -> String {
        String.fromDatabaseValue(value).map { "\"\($0.prefix(80))\"" } ?? value.description
    }
}
