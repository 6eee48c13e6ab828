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
    var platforms: String
    var installationEvents: String
    /// `PackAccess` raw value.
    var access: String
    /// See `PackEntry.appleVersion`; assigned when the row is inserted (`AppleVersionSQL`).
    var appleVersion: Int
    /// As in `PackVersionRecord` and `PackRecord`.
    var contentKey: String
    var archiveEntries: Int?
    var installedBytes: Int64?
    var assetPackID: String?
    var userInfo: String

    static func encodeTags(_ tags: [String]) -> String {
        tags.joined(separator: ",")
    }

    static func decodeTags(_ text: String) -> [String] {
        text.isEmpty ? [] : text.split(separator: ",").map(String.init)
    }

    /// Sorted, so equal sets are equal strings (the draft-equals-release check compares them).
    static func encodePlatforms(_ platforms: [ApplePlatform]) -> String {
        Set(platforms).sorted().map(\.rawValue).joined(separator: ",")
    }

    static func decodePlatforms(_ text: String) -> [ApplePlatform] {
        text.isEmpty ? [] : text.split(separator: ",").compactMap { ApplePlatform(rawValue: String($0)) }
    }

    static func encodeEvents(_ events: [InstallationEventType]) -> String {
        InstallationEventType.allCases.filter(events.contains).map(\.rawValue).joined(separator: ",")
    }

    /// An empty or unreadable value falls back to both events, the default.
    static func decodeEvents(_ text: String) -> [InstallationEventType] {
        let events = text.split(separator: ",").compactMap { InstallationEventType(rawValue: String($0)) }
        return events.isEmpty ? InstallationEventType.both : events
    }
}
