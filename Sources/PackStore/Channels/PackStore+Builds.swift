import Foundation
import GRDB
import ReleaseViews

/// The build map (docs/channels.md "Build map"): which channel `/builds/{b}/…` reads for a build that names
/// none; production for every build it does not list.
extension PackStore {
    public func buildMap() throws(PackStoreError) -> [BuildMapping] {
        try read { db in try Self.buildMappings(db) }
    }

    static func buildMappings(_ db: Database) throws -> [BuildMapping] {
        try Row.fetchAll(db, sql: "SELECT build, channel FROM buildChannel").map { row in
            let text: String = row[0]
            guard let build = try? AppBuild(parsing: text) else {
                throw PackStoreError.untrustworthyIndex(path: "index.sqlite", problem: "build map: '\(text)' is not a build")
            }
            return BuildMapping(build: build, channel: row[1])
        }.sorted { $0.build < $1.build }
    }

    /// Maps `build` to `channel` and signs the channel again, above the version of the channel the build
    /// leaves. Refused when the channel has no release for the build, or when a pack of its view there is
    /// below what the leaving channel's views served at that build (its floor, which remembers packs
    /// withdrawn since); `force` skips both checks. Unforced, the leaving channel's floors at the build move
    /// with its devices, so the new channel never goes below them later.
    public func mapBuild(
        _ build: AppBuild, to channel: ChannelName, force: Bool = false, sealedBy sealer: some ChannelSealer
    ) throws(PackStoreError) -> ChannelChange {
        try write { db in
            try Self.requireChannel(channel, db)
            let key = build.point.description
            let source = try String.fetchOne(db, sql: "SELECT channel FROM buildChannel WHERE point = ?", arguments: [key])
                .flatMap { ChannelName($0) } ?? .production
            guard source != channel else {
                throw PackStoreError.channel(.alreadyMapped(build: build.description, channel: channel.text))
            }
            if !force {
                let seen = try Self.floors(of: source, at: build.point, db)
                guard let view = try Self.viewVersions(of: channel, at: build.point, db) else {
                    throw PackStoreError.channel(.noViewForBuild(build: build.description, channel: channel.text))
                }
                for (id, version) in view.sorted(by: { $0.key < $1.key }) where version < seen[id] ?? 0 {
                    throw PackStoreError.channel(.appleVersionWouldFall(
                        build: build.description, channel: channel.text, pack: id, from: seen[id]!, to: version))
                }
                try Self.raiseFloors(of: channel, at: build.point, to: seen, db)
            }
            if channel.isProduction {
                try db.execute(sql: "DELETE FROM buildChannel WHERE point = ?", arguments: [key])
            } else {
                try db.execute(
                    sql: """
                        INSERT INTO buildChannel (point, build, channel) VALUES (?, ?, ?)
                        ON CONFLICT (point) DO UPDATE SET build = excluded.build, channel = excluded.channel
                        """,
                    arguments: [key, build.description, channel.text])
            }
            return try Self.signChannel(
                channel, minimumVersion: try Self.channelVersion(source, db), sealer: sealer, db)
        }
    }

    /// Pack id → the channel's floor at `point`: the highest Apple version its views served there or below.
    private static func floors(of channel: ChannelName, at point: BuildPoint, _ db: Database) throws -> [String: Int] {
        var floors: [String: Int] = [:]
        let rows = try Row.fetchCursor(
            db, sql: "SELECT packId, floor FROM channelFloor WHERE channel = ?", arguments: [channel.text])
        while let row = try rows.next() {
            let text: String = row[1]
            guard let floor = ServedFloor(stored: Substring(text)) else {
                throw PackStoreError.untrustworthyIndex(
                    path: "index.sqlite", problem: "channel \(channel): the floor of pack \(row[0] as String) is malformed")
            }
            let value = floor.value(at: point)
            if value > 0 { floors[row[0]] = value }
        }
        return floors
    }

    /// Pack id → Apple version in the channel's view at `point`; nil when no view holds the point.
    static func viewVersions(of channel: ChannelName, at point: BuildPoint, _ db: Database) throws -> [String: Int]? {
        let rows = try Row.fetchAll(
            db, sql: "SELECT segment, releaseNumber, appleVersions FROM channelView WHERE channel = ?",
            arguments: [channel.text])
        for row in rows {
            let name: String = row[0]
            guard let segment = ViewSegment(named: Substring(name), release: row[1]), segment.contains(point) else {
                continue
            }
            let release = try PlannedRelease(segment.release, db)
            let versions = try AppleVersionsBlob.stored(
                row[2] as Data?, own: release.ownAppleVersions, channel: channel, view: name)
            return Dictionary(uniqueKeysWithValues: zip(release.ids, versions))
        }
        return nil
    }

    private static func raiseFloors(
        of channel: ChannelName, at point: BuildPoint, to seen: [String: Int], _ db: Database
    ) throws {
        let upsert = try db.makeStatement(
            sql: """
                INSERT INTO channelFloor (channel, packId, floor) VALUES (?, ?, ?)
                ON CONFLICT (channel, packId) DO UPDATE SET floor = excluded.floor
                """)
        for (id, version) in seen {
            let text = try String.fetchOne(
                db, sql: "SELECT floor FROM channelFloor WHERE channel = ? AND packId = ?", arguments: [channel.text, id])
            let floor = text.flatMap { ServedFloor(stored: Substring($0)) } ?? .none
            let raised = floor.raised(by: [(point, version)])
            if raised != floor { try upsert.execute(arguments: [channel.text, id, raised.description]) }
        }
    }
}
