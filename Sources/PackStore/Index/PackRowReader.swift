import Foundation
import GRDB
import GRDBSQLite

/// Reads pack rows (`releasePack` or the `draftPack` view) straight from SQLite's C API.
///
/// Why not GRDB's `Row`: a snapshot of 100,000 packs is 800,000 column reads on the server's reload path,
/// and the generic decoding costs several times more than the query itself. The statement is still prepared,
/// bound and owned by GRDB; only the stepping loop is raw.
enum PackRowReader {
    /// What a pack IS in a release: the columns the draft-equals-release check compares and publishing copies.
    static let contentColumns =
        "packId, version, size, sha256, tags, policy, fetchOrder, contentType, platforms, installationEvents, access, "
            + "contentKey, archiveEntries, installedBytes, assetPackID, userInfo"
    /// The column list every query handed to `entries` must select, in this order: the content, then the
    /// Apple version (derived from the release history, see `AppleVersionSQL`).
    static let columns = contentColumns + ", appleVersion"

    static func entries(_ db: Database, sql: String, arguments: StatementArguments = []) throws -> [PackEntry] {
        let statement = try db.makeStatement(sql: sql)
        try statement.setArguments(arguments)
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        var entries: [PackEntry] = []
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
            }
            entries.append(
                PackEntry(
                    id: text(handle, 0), version: Int(sqlite3_column_int64(handle, 1)),
                    size: sqlite3_column_int64(handle, 2), sha256: text(handle, 3),
                    tags: ReleasePackRecord.decodeTags(text(handle, 4)),
                    policy: PackPolicy(rawValue: text(handle, 5)) ?? .onDemand,
                    order: Int(sqlite3_column_int64(handle, 6)), contentType: text(handle, 7),
                    platforms: isEmpty(handle, 8) ? [] : ReleasePackRecord.decodePlatforms(text(handle, 8)),
                    installationEvents: isDefaultEvents(handle, 9)
                        ? InstallationEventType.both : ReleasePackRecord.decodeEvents(text(handle, 9)),
                    access: isPrivate(handle, 10) ? .private : .public,
                    appleVersion: Int(sqlite3_column_int64(handle, 16)), archive: archive(handle),
                    userInfo: isEmpty(handle, 15) ? nil : text(handle, 15)))
        }
        return entries
    }

    /// Columns 12–14 (column 11, `contentKey`, is for SQL only); NULL entries for a pack that is no archive.
    private static func archive(_ handle: OpaquePointer) -> PackArchive? {
        guard sqlite3_column_type(handle, 12) != SQLITE_NULL else { return nil }
        return PackArchive(
            assetPackID: sqlite3_column_type(handle, 14) == SQLITE_NULL ? nil : text(handle, 14),
            entries: Int(sqlite3_column_int64(handle, 12)), installedBytes: sqlite3_column_int64(handle, 13))
    }

    /// Nearly every pack is for every platform and both events: recognising the stored defaults from the
    /// column's bytes saves a String and two arrays per row (200,000 allocations on a 100,000-pack load).
    private static func isEmpty(_ handle: OpaquePointer, _ column: Int32) -> Bool {
        sqlite3_column_bytes(handle, column) == 0
    }

    private static let defaultEvents = Array(ReleasePackRecord.encodeEvents(InstallationEventType.both).utf8)

    private static func isDefaultEvents(_ handle: OpaquePointer, _ column: Int32) -> Bool {
        textColumn(handle, column, equals: defaultEvents)
    }

    private static let privateAccess = Array(PackAccess.private.rawValue.utf8)

    /// Compared in place, like the events: no String per row for a value that is nearly always "public".
    private static func isPrivate(_ handle: OpaquePointer, _ column: Int32) -> Bool {
        textColumn(handle, column, equals: privateAccess)
    }

    /// Whether a text column holds exactly `expected`, read from SQLite's buffer without making a String.
    private static func textColumn(_ handle: OpaquePointer, _ column: Int32, equals expected: [UInt8]) -> Bool {
        guard let bytes = sqlite3_column_text(handle, column),
              Int(sqlite3_column_bytes(handle, column)) == expected.count
        else { return false }
        return expected.withUnsafeBufferPointer { memcmp($0.baseAddress!, bytes, $0.count) == 0 }
    }

    private static func text(_ handle: OpaquePointer, _ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
}
