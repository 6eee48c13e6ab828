import GRDB
import ReleaseViews

/// One release a channel's views answer, as the planning reads it: its packs in id order with their content
/// keys (what the Apple version follows) and where each id is.
struct PlannedRelease {
    let summary: ReleaseSummary
    let builds: BuildRange
    private(set) var entries: [PackEntry]
    let contentKeys: [String]
    let indexByID: [String: Int]

    init(_ number: Int, _ db: Database) throws {
        let record = try PackStore.requireListableRelease(number, db)
        summary = record.summary
        builds = try PackStore.storedRange(min: record.minBuild, max: record.maxBuild, release: number)
        entries = try PackStore.releaseEntries(db, release: number)
        contentKeys = try String.fetchAll(
            db, sql: "SELECT contentKey FROM releasePack WHERE releaseNumber = ? ORDER BY packId", arguments: [number])
        var indexByID: [String: Int] = [:]
        indexByID.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() { indexByID[entry.id] = index }
        self.indexByID = indexByID
    }

    /// The view `segment` of this release, with `appleVersions` (in id order; nil: the release's own).
    func view(_ segment: ViewSegment, appleVersions: [Int]? = nil) -> SealedView {
        var packs = entries
        if let appleVersions {
            for index in packs.indices { packs[index].appleVersion = appleVersions[index] }
        }
        return SealedView(segment: segment, release: summary, builds: builds, packs: packs)
    }

    /// Stores `versions` (in id order) as the release's own Apple versions where the provisional ones inserted
    /// with it differ: usually none, since the provisional rule is the planner's for one channel without ranges.
    mutating func correctAppleVersions(to versions: [Int], _ db: Database) throws {
        let update = try db.makeStatement(
            sql: "UPDATE releasePack SET appleVersion = ? WHERE releaseNumber = ? AND packId = ?")
        for index in entries.indices where entries[index].appleVersion != versions[index] {
            entries[index].appleVersion = versions[index]
            try update.execute(arguments: [versions[index], summary.number, entries[index].id])
        }
    }
}
