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
    /// The release's build range (docs/channels.md), as given; nil: no bound.
    var minBuild: String?
    var maxBuild: String?
    /// The channel it was published to.
    var channel: String

    var summary: ReleaseSummary {
        ReleaseSummary(
            number: number, createdAt: createdAt, note: note, packCount: packCount, totalBytes: totalBytes,
            rollbackOf: rollbackOf, isPruned: prunedAt != nil, minBuild: minBuild, maxBuild: maxBuild, channel: channel)
    }
}
