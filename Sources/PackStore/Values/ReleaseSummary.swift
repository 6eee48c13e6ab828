import Foundation

/// One entry of the release history. Encodes to the `GET /releases` object shape of docs/api.md
/// (`release`, `createdAt`, `note`, `packs`, `totalBytes`); the encoder decides the date format.
public struct ReleaseSummary: Sendable, Hashable, Codable {
    public var number: Int
    public var createdAt: Date
    public var note: String
    public var packCount: Int
    public var totalBytes: Int64
    /// The release whose content this one copied, when it was made by `rollback`.
    public var rollbackOf: Int?
    /// True once `gc` dropped the release's contents (beyond `keepReleases`); it stays in the history.
    public var isPruned: Bool

    public init(
        number: Int, createdAt: Date, note: String, packCount: Int, totalBytes: Int64, rollbackOf: Int?,
        isPruned: Bool
    ) {
        self.number = number
        self.createdAt = createdAt
        self.note = note
        self.packCount = packCount
        self.totalBytes = totalBytes
        self.rollbackOf = rollbackOf
        self.isPruned = isPruned
    }

    enum CodingKeys: String, CodingKey {
        case number = "release"
        case createdAt
        case note
        case packCount = "packs"
        case totalBytes
        case rollbackOf
        case isPruned = "pruned"
    }
}
