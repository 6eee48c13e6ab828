import Foundation
import GRDB

/// A row of `releaseDocument`: one document encoded when its release was published (see `ReleaseDocuments`).
struct ReleaseDocumentRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "releaseDocument"

    var releaseNumber: Int
    var name: String
    var profile: String
    // Data, not [UInt8]: Codable would store an array as JSON text, one element at a time.
    var body: Data
}
