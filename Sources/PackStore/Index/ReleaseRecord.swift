import Foundation
import GRDB

/// A row of `release`: one published, immutable release.
struct ReleaseRecord: Codable, FetchableRecord, PersistableRecord, Equatable {
    static let databaseTableName = "release"

    var number: Int
    var createdAt: Date
    var note: String
    var packCount: Int
    var totalBytes: Int64
    var rollbackOf: Int?
    /// Set by `gc` when it dropped this release's `releasePack` rows.
    var prunedAt: Date?

    var summary: ReleaseSummary {
        ReleaseSummary(
            number: number, createdAt: createdAt, note: note, packCount: packCount, totalBytes: totalBytes,
            rollbackOf: rollbackOf, isPruned: prunedAt != nil)
    }
}
