import GRDB

/// A row of `packTag`: the many-to-many link between draft packs and tags.
struct PackTagRecord: Codable, FetchableRecord, PersistableRecord, Equatable {
    static let databaseTableName = "packTag"

    var packId: String
    var tag: String
}
