import GRDB
import ReleaseViews

/// One release a channel's views answer, as the planning reads it: its pack ids in order with their content
/// keys (what the Apple version follows), their own Apple versions, and where each id is. The packs' other
/// columns (tags, sizes, …) are read only for a release a view is sealed from (`view(_:appleVersions:_:)`):
/// a previous view's release is compared, never sealed, and decoding 100,000 tag lists for it was a tenth of a
/// promote (docs/performance.md "Channels at launch scale").
struct PlannedRelease {
    let summary: ReleaseSummary
    let builds: BuildRange
    let ids: [String]
    let contentKeys: [String]
    /// The Apple versions stored with the release, in id order.
    private(set) var ownAppleVersions: [Int]
    let indexByID: [String: Int]
    /// The whole rows, once a view was sealed from them.
    private var entries: [PackEntry]?

    init(_ number: Int, _ db: Database) throws {
        let record = try PackStore.requireListableRelease(number, db)
        summary = record.summary
        builds = try PackStore.storedRange(min: record.minBuild, max: record.maxBuild, release: number)
        var ids: [String] = []
        var contentKeys: [String] = []
        var versions: [Int] = []
        var indexByID: [String: Int] = [:]
        let rows = try Row.fetchCursor(
            db, sql: "SELECT packId, contentKey, appleVersion FROM releasePack WHERE releaseNumber = ? ORDER BY packId",
            arguments: [number])
        while let row = try rows.next() {
            let id: String = row[0]
            indexByID[id] = ids.count
            ids.append(id)
            contentKeys.append(row[1])
            versions.append(row[2])
        }
        self.ids = ids
        self.contentKeys = contentKeys
        ownAppleVersions = versions
        self.indexByID = indexByID
    }

    /// The view `segment` of this release, with `appleVersions` (in id order; nil: the release's own).
    mutating func view(_ segment: ViewSegment, appleVersions: [Int]? = nil, _ db: Database) throws -> SealedView {
        if entries == nil { entries = try PackStore.releaseEntries(db, release: summary.number) }
        guard var packs = entries, packs.count == ids.count else {
            throw PackStoreError.untrustworthyIndex(
                path: "index.sqlite", problem: "release \(summary.number) changed while its views were planned")
        }
        for index in packs.indices { packs[index].appleVersion = (appleVersions ?? ownAppleVersions)[index] }
        return SealedView(segment: segment, release: summary, builds: builds, packs: packs)
    }

    /// Stores `versions` (in id order) as the release's own Apple versions where the provisional ones inserted
    /// with it differ: usually none, since the provisional rule is the planner's for one channel without ranges.
    mutating func correctAppleVersions(to versions: [Int], _ db: Database) throws {
        let update = try db.makeStatement(
            sql: "UPDATE releasePack SET appleVersion = ? WHERE releaseNumber = ? AND packId = ?")
        for index in ids.indices where ownAppleVersions[index] != versions[index] {
            ownAppleVersions[index] = versions[index]
            try update.execute(arguments: [versions[index], summary.number, ids[index]])
        }
    }
}
