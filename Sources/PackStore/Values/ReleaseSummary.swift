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
    /// The app builds it works with (docs/channels.md "Builds"), as given; nil: no bound.
    public var minBuild: String?
    public var maxBuild: String?
    /// The channel it was published to.
    public var channel: String

    public init(
        number: Int, createdAt: Date, note: String, packCount: Int, totalBytes: Int64, rollbackOf: Int?,
        isPruned: Bool, minBuild: String? = nil, maxBuild: String? = nil, channel: String = "production"
    ) {
        self.minBuild = minBuild
        self.maxBuild = maxBuild
        self.channel = channel
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
        case minBuild
        case maxBuild
        case channel
    }
}

extension ReleaseSummary {
    /// Tolerant of histories written before channels and builds (a wave 3 bucket's `release.json`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            number: try container.decode(Int.self, forKey: .number),
            createdAt: try container.decode(Date.self, forKey: .createdAt),
            note: try container.decode(String.self, forKey: .note),
            packCount: try container.decode(Int.self, forKey: .packCount),
            totalBytes: try container.decode(Int64.self, forKey: .totalBytes),
            rollbackOf: try container.decodeIfPresent(Int.self, forKey: .rollbackOf),
            isPruned: try container.decode(Bool.self, forKey: .isPruned),
            minBuild: try container.decodeIfPresent(String.self, forKey: .minBuild),
            maxBuild: try container.decodeIfPresent(String.self, forKey: .maxBuild),
            channel: try container.decodeIfPresent(String.self, forKey: .channel) ?? "production")
    }
}
