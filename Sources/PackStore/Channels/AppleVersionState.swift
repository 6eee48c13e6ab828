import GRDB
import ReleaseViews

/// What the index knows of the Apple versions of the ids a channel's views hold, read in three queries
/// (100,000 packs cost three scans, not 300,000 lookups), changed by the plans, and written back where it
/// changed: new versions issued, each id's highest, the channel's floors.
struct AppleVersionState {
    let channel: ChannelName
    private var latest: [String: Int] = [:]
    private var issued: [String: [String: [Int]]] = [:]
    private var floors: [String: ServedFloor] = [:]
    private var newlyIssued: [(id: String, version: Int, content: String)] = []
    private var raisedLatest: [String: Int] = [:]
    private var changedFloors: [String: ServedFloor] = [:]

    init(channel: ChannelName, ids: Set<String>, releases: [Int], _ db: Database) throws {
        self.channel = channel
        latest.reserveCapacity(ids.count)
        issued.reserveCapacity(ids.count)
        let highest = try Row.fetchCursor(db, sql: "SELECT packId, latest FROM appleVersion")
        while let row = try highest.next() {
            let id: String = row[0]
            if ids.contains(id) { latest[id] = row[1] }
        }
        let stored = try Row.fetchCursor(
            db, sql: "SELECT packId, floor FROM channelFloor WHERE channel = ?", arguments: [channel.text])
        // Most packs of a channel share a handful of floors ("3@0.0.0"): each text is parsed once.
        var parsed: [String: ServedFloor] = [:]
        while let row = try stored.next() {
            let id: String = row[0]
            guard ids.contains(id) else { continue }
            let text: String = row[1]
            if let floor = parsed[text] {
                floors[id] = floor
                continue
            }
            guard let floor = ServedFloor(stored: Substring(text)) else {
                throw PackStoreError.untrustworthyIndex(
                    path: "index.sqlite", problem: "channel \(channel): the floor of pack \(id) is malformed")
            }
            parsed[text] = floor
            floors[id] = floor
        }
        guard !releases.isEmpty else { return }
        let list = releases.map(String.init).joined(separator: ",")
        let versions = try Row.fetchCursor(
            db,
            sql: """
                SELECT a.packId, a.contentKey, a.version FROM appleVersionContent a
                WHERE EXISTS (SELECT 1 FROM releasePack r WHERE r.releaseNumber IN (\(list))
                              AND r.packId = a.packId AND r.contentKey = a.contentKey)
                ORDER BY a.packId, a.contentKey, a.version
                """)
        while let row = try versions.next() {
            issued[row[0] as String, default: [:]][row[1] as String, default: []].append(row[2])
        }
    }

    func history(of id: String) -> PackVersionHistory {
        PackVersionHistory(latest: latest[id] ?? 0, issued: issued[id] ?? [:], floor: floors[id] ?? .none)
    }

    mutating func record(_ plan: PackViewPlan, for id: String) {
        for issue in plan.newlyIssued { newlyIssued.append((id, issue.version, issue.content)) }
        if plan.history.latest != latest[id] ?? 0 { raisedLatest[id] = plan.history.latest }
        if plan.history.floor != floors[id] ?? .none { changedFloors[id] = plan.history.floor }
        latest[id] = plan.history.latest
        issued[id] = plan.history.issued
        floors[id] = plan.history.floor
    }

    func write(_ db: Database) throws {
        let issue = try db.makeStatement(
            sql: "INSERT INTO appleVersionContent (packId, version, contentKey) VALUES (?, ?, ?)")
        for row in newlyIssued { try issue.execute(arguments: [row.id, row.version, row.content]) }
        let highest = try db.makeStatement(
            sql: """
                INSERT INTO appleVersion (packId, latest) VALUES (?, ?)
                ON CONFLICT (packId) DO UPDATE SET latest = excluded.latest
                """)
        for (id, version) in raisedLatest { try highest.execute(arguments: [id, version]) }
        let floor = try db.makeStatement(
            sql: """
                INSERT INTO channelFloor (channel, packId, floor) VALUES (?, ?, ?)
                ON CONFLICT (channel, packId) DO UPDATE SET floor = excluded.floor
                """)
        for (id, value) in changedFloors { try floor.execute(arguments: [channel.text, id, value.description]) }
    }
}
