import GRDB

/// A row of `releasePack`: a frozen copy of one pack as it was when the release was made. Tags are stored as one
/// comma-separated string (commas cannot occur in a tag) so a release loads without a join.
struct ReleasePackRecord: Codable, FetchableRecord, PersistableRecord, Equatable {
    static let databaseTableName = "releasePack"

    var releaseNumber: Int
    var packId: String
    var version: Int
    var sha256: String
    var size: Int64
    var tags: String
    var policy: String
    var fetchOrder: Int
    var contentType: String

    static func encodeTags(_ tags: [String]) -> String {
        tags.joined(separator: ",")
    }

    static func decodeTags(_ text: String) -> [String] {
        text.isEmpty ? [] : text.split(separator: ",").map(String.init)
    }
}
