import Foundation

/// What the pack store keeps on disk about its packs (`index.json`): which bytes each id has, when each
/// was last used, and the preservation priorities the app set. Access counts are not here: they belong
/// to the running process, and a pack is not in use after a restart.
struct PackStoreIndex: Codable, Sendable {
    struct Record: Codable, Sendable, Hashable {
        var id: String
        var sha256: String
        var size: Int64
        var version: Int
        var tags: [String]
        /// Seconds since 1970 of the last begin of access (or of the install).
        var lastAccess: Double
        /// Set per pack by the app; nil uses the tags' priorities.
        var preservationPriority: Double?
    }

    var packs: [String: Record] = [:]
    var tagPriorities: [String: Double] = [:]

    /// The priority purge sorts by: the pack's own if set, else the highest of its tags', else the default.
    func preservationPriority(of record: Record) -> Double {
        if let own = record.preservationPriority { return own }
        return record.tags.compactMap { tagPriorities[$0] }.max() ?? PackStore.defaultPreservationPriority
    }
}
