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
    /// What the Apple version follows (`AppleVersionSQL`): the content digest of an Apple Archive, else `sha256`.
    var contentKey: String
    /// The rest is set only for a raw Apple Archive (docs/apple-archive.md).
    var archiveEntries: Int?
    var installedBytes: Int64?
    var assetPackID: String?
    /// Its whole `Manifest.json`, canonical JSON: `set` checks its policy and platforms against it.
    var archiveManifest: String?
}
