import Foundation
import GRDB

/// A row of `packVersion`: one ingested upload of a pack id, pointing at its blob.
struct PackVersionRecord: Codable, FetchableRecord, PersistableRecord, Equatable {
    static let databaseTableName = "packVersion"

    var packId: String
    var version: Int
    var sha256: String
    var size: Int64
    var createdAt: Date
    var originalFilename: String
}
