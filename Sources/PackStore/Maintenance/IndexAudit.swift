import GRDB

/// Checks the rows of an index before PackServe trusts them (`PackStore.auditIndex()`): a restored backup
/// comes from a bucket, and whoever can write the bucket can write the backup. Every digest must be 64 hex
/// digits before it names a blob file, every size within `StoredValueRules`' bounds before a total adds it
/// up, every enumeration a value PackServe knows. One scan per table; the first bad row is named.
enum IndexAudit {
    /// `table row: problem` for the first bad row, or nil.
    static func firstProblem(_ db: Database) throws -> String? {
        for check in checks {
            let sql = "SELECT label, problem FROM (SELECT \(check.label) AS label, CASE \(check.cases) END AS problem "
                + "FROM \(check.table)) WHERE problem IS NOT NULL LIMIT 1"
            // Read as database values: GRDB's typed subscript traps on a value of another type.
            if let row = try Row.fetchOne(db, sql: sql) {
                let label = String.fromDatabaseValue(row[0] as DatabaseValue) ?? "?"
                let problem = String.fromDatabaseValue(row[1] as DatabaseValue) ?? "?"
                return "\(check.table.filter { $0 != "\"" }) row \(label): \(problem)"
            }
        }
        for text in try String.fetchAll(db, sql: "SELECT DISTINCT contentType FROM pack UNION SELECT DISTINCT contentType FROM releasePack")
        where !NameRules.isValidContentType(text) {
            return "content type \(quoted(text)) is not a valid media type"
        }
        let platforms = Set(ApplePlatform.allCases.map(\.rawValue))
        for text in try String.fetchAll(db, sql: "SELECT DISTINCT platforms FROM pack UNION SELECT DISTINCT platforms FROM releasePack")
        where !text.isEmpty && !text.split(separator: ",").allSatisfy({ platforms.contains(String($0)) }) {
            return "platforms \(quoted(text)) names a platform PackServe does not know"
        }
        let events = Set(InstallationEventType.allCases.map(\.rawValue))
        for text in try String.fetchAll(
            db, sql: "SELECT DISTINCT installationEvents FROM pack UNION SELECT DISTINCT installationEvents FROM releasePack")
        where !text.split(separator: ",").allSatisfy({ events.contains(String($0)) }) {
            return "installation events \(quoted(text)) name an event PackServe does not know"
        }
        return try ChannelAudit.firstProblem(db)
    }

    private struct Check {
        let table: String
        /// What names a row in the message (an SQL expression).
        let label: String
        /// `WHEN condition THEN message` clauses.
        let cases: String
    }

    private static func quoted(_ text: String) -> String {
        "\"\(text.prefix(80))\""
    }

    // SQL pieces. A digest: 64 of [0-9a-f]; a pack id: NameRules.isValidPackID's grammar.
    // `typeof` first: a digest stored as a number would pass the character test, then trap where it is read.
    private static func badHex(_ column: String) -> String {
        "typeof(\(column)) != 'text' OR length(\(column)) != 64 OR \(column) GLOB '*[^0-9a-f]*'"
    }
    private static let badID = "typeof(packId) != 'text' OR length(packId) NOT BETWEEN 1 AND 128 "
        + "OR packId GLOB '*[^A-Za-z0-9.-]*' OR packId GLOB '[.-]*'"
    private static func outside(_ column: String, _ range: ClosedRange<Int64>) -> String {
        "typeof(\(column)) != 'integer' OR \(column) NOT BETWEEN \(range.lowerBound) AND \(range.upperBound)"
    }
    private static func nullableOutside(_ column: String, _ range: ClosedRange<Int64>) -> String {
        "\(column) IS NOT NULL AND (\(outside(column, range)))"
    }
    private static func shown(_ column: String) -> String { "quote(substr(\(column), 1, 80))" }
    private static func when(_ condition: String, _ message: String) -> String { "WHEN \(condition) THEN \(message) " }

    private static let size = 0...StoredValueRules.maxPackBytes
    private static let entries = 0...Int64(StoredValueRules.maxArchiveEntries)
    private static let installed = 0...StoredValueRules.maxInstalledBytes
    private static let order: ClosedRange<Int64> = 0...Int64(Int32.max)
    private static let policies = PackPolicy.allCases.map { "'\($0.rawValue)'" }.joined(separator: ",")
    private static let accesses = PackAccess.allCases.map { "'\($0.rawValue)'" }.joined(separator: ",")
    private static let userInfoBytes = 64 << 10

    /// Columns that hold text and must: a blob or a number there reads as something else in Swift.
    private static func texts(_ columns: String...) -> String {
        columns.map { when("typeof(\($0)) != 'text'", "'\($0) is ' || typeof(\($0)) || ', not text'") }.joined()
    }

    /// Shared by the draft's versions and the releases' packs: what they both hold.
    private static let blobCases =
        when(badID, "'pack id ' || \(shown("packId")) || ' is not a valid id'")
        + when("typeof(version) != 'integer' OR version < 1", "'version ' || quote(version) || ' is below 1'")
        + when(badHex("sha256"), "'sha256 ' || \(shown("sha256")) || ' is not 64 hex digits'")
        + when(outside("size", size), "'size ' || quote(size) || ' is outside \(size.lowerBound)…\(size.upperBound)'")
        + when("contentKey != '' AND (\(badHex("contentKey")))", "'content key ' || \(shown("contentKey")) || ' is not 64 hex digits'")
        + when(nullableOutside("archiveEntries", entries), "'archive entries ' || quote(archiveEntries) || ' are out of range'")
        + when(nullableOutside("installedBytes", installed), "'installed bytes ' || quote(installedBytes) || ' are out of range'")

    private static let checks = [
        Check(table: "packVersion", label: "packId || ' version ' || version", cases: blobCases + texts("contentKey")),
        Check(
            table: "releasePack", label: "'release ' || releaseNumber || ', pack ' || \(shown("packId"))",
            cases: blobCases
                + texts("tags", "policy", "contentType", "platforms", "installationEvents", "access", "userInfo")
                + when("policy NOT IN (\(policies))", "'policy ' || \(shown("policy")) || ' is not known'")
                + when("access NOT IN (\(accesses))", "'access ' || \(shown("access")) || ' is not known'")
                + when(outside("fetchOrder", order), "'order ' || quote(fetchOrder) || ' is out of range'")
                + when("typeof(appleVersion) != 'integer' OR appleVersion < 0", "'Apple version ' || quote(appleVersion) || ' is negative'")
                + when("tags GLOB '*[^A-Za-z0-9._,-]*'", "'tags ' || \(shown("tags")) || ' hold a character no tag has'")
                + when("length(CAST(userInfo AS BLOB)) > \(userInfoBytes)", "'userInfo is ' || length(CAST(userInfo AS BLOB)) || ' bytes'")),
        Check(
            table: "pack", label: "\(shown("id"))",
            cases: when(badID.replacingOccurrences(of: "packId", with: "id"), "'pack id ' || \(shown("id")) || ' is not a valid id'")
                + texts("policy", "contentType", "platforms", "installationEvents", "access", "userInfo")
                + when("policy NOT IN (\(policies))", "'policy ' || \(shown("policy")) || ' is not known'")
                + when("access NOT IN (\(accesses))", "'access ' || \(shown("access")) || ' is not known'")
                + when(outside("fetchOrder", order), "'order ' || quote(fetchOrder) || ' is out of range'")
                + when("length(CAST(userInfo AS BLOB)) > \(userInfoBytes)", "'userInfo is ' || length(CAST(userInfo AS BLOB)) || ' bytes'")),
        Check(
            // `release` is an SQL keyword (RELEASE SAVEPOINT): quoted.
            table: "\"release\"", label: "CAST(number AS TEXT)",
            cases: when(outside("totalBytes", 0...Int64(1) << 62), "'total bytes ' || quote(totalBytes) || ' are out of range'")
                + when(outside("packCount", 0...Int64(Int32.max)), "'pack count ' || quote(packCount) || ' is out of range'")),
    ]
}
