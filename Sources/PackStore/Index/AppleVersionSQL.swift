import Foundation
import GRDB

/// The one-channel Apple version rule in SQL: the provisional version a publish inserts its rows with, the
/// version the draft shows, and the rule the v5 migration numbered old releases by. The versions devices
/// see are chosen per view by `AppleVersionPlanner` (docs/channels.md), which for a channel without build
/// ranges agrees with this rule, so correcting the provisional rows after a publish is usually a no-op.
///
/// The rule: devices of apps with managed Background Assets update a pack only when the download manifest's
/// `version` for it rises, and never look at its bytes. So a pack's Apple version starts at 1 and rises by
/// one in every release whose content for that id differs from the release before it (a rollback included,
/// and a pack that comes back after being withdrawn), and never falls. Content is the `contentKey` column:
/// for an Apple Archive its content digest (paths, kinds, file bytes, link targets — a rebuild that only
/// moves timestamps keeps the version), for any other pack its bytes' SHA-256. `appleVersion` keeps each
/// id's highest version ever, because the releases that held it may have been pruned by `gc` since.
enum AppleVersionSQL {
    /// `content` (a SELECT of `PackRowReader.contentColumns`) with its Apple version appended, as
    /// `PackRowReader.columns`: the version in release `previous` when the content there is the same (equal
    /// `contentKey` columns), else one more than the highest the id ever had. Arguments: `content`'s, then the
    /// previous release's number (NULL when there is none).
    static func select(
        content: String, contentColumns: String = PackRowReader.contentColumns, contentKey: String = "contentKey"
    ) -> String {
        let columns = contentColumns.split(separator: ",")
            .map { "c." + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")
        return """
            SELECT \(columns),
                   CASE WHEN previous.\(contentKey) = c.\(contentKey) THEN previous.appleVersion
                        ELSE coalesce(highest.latest, 0) + 1 END AS appleVersion
            FROM (\(content)) c
            LEFT JOIN releasePack previous ON previous.releaseNumber = ? AND previous.packId = c.packId
            LEFT JOIN appleVersion highest ON highest.packId = c.packId
            """
    }

    /// Inserts release `number`'s rows from `content`, each with its Apple version, then raises the
    /// high-water marks. `replacing` re-inserts rows that exist (the migration that numbers old releases, which
    /// also names its own `contentColumns` and, made before `contentKey` existed, compares `sha256`).
    static func insertRelease(
        _ number: Int, content: String, arguments: StatementArguments, previous: Int?,
        contentColumns: String = PackRowReader.contentColumns, contentKey: String = "contentKey",
        replacing: Bool = false, _ db: Database
    ) throws {
        try db.execute(
            sql: """
                INSERT \(replacing ? "OR REPLACE " : "")INTO releasePack (releaseNumber, \(contentColumns), appleVersion)
                SELECT ?, * FROM (\(select(content: content, contentColumns: contentColumns, contentKey: contentKey)))
                """,
            arguments: [number] + arguments + [previous])
        // Only the ids whose version rose are written: an unchanged release of 100,000 packs writes nothing.
        try db.execute(
            sql: """
                INSERT INTO appleVersion (packId, latest)
                SELECT r.packId, r.appleVersion FROM releasePack r
                LEFT JOIN appleVersion highest ON highest.packId = r.packId
                WHERE r.releaseNumber = ? AND r.appleVersion > coalesce(highest.latest, 0)
                ON CONFLICT (packId) DO UPDATE SET latest = excluded.latest
                """,
            arguments: [number])
    }
}
