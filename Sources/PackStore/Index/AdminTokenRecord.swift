import Foundation
import GRDB

/// A row of `adminToken`: one API token (docs/api.md "Tokens"). Only the SHA-256 of the secret is stored.
struct AdminTokenRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "adminToken"

    var name: String
    /// SHA-256 of the token's UTF-8 bytes (32 bytes).
    var digest: Data
    /// Scope names, sorted, comma-separated.
    var scopes: String
    var createdAt: Date
}
