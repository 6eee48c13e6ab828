import Foundation
import GRDB
import ReleaseViews

/// One view of a channel as it stood before a change: what the planner compares with, so that a view whose
/// content did not change keeps its versions and a pack that comes back rises.
struct PreviousView {
    let segment: ViewSegment
    let release: PlannedRelease
    /// In the release's id order.
    let versions: [Int]

    /// The channel's views as the index holds them, with their Apple versions.
    static func load(of channel: ChannelName, releases: inout [Int: PlannedRelease], _ db: Database) throws -> [PreviousView] {
        let rows = try Row.fetchAll(
            db, sql: "SELECT segment, releaseNumber, appleVersions FROM channelView WHERE channel = ?",
            arguments: [channel.text])
        return try rows.map { row in
            let name: String = row[0]
            let number: Int = row[1]
            guard let segment = ViewSegment(named: Substring(name), release: number) else {
                throw PackStoreError.untrustworthyIndex(
                    path: "index.sqlite", problem: "channel \(channel): '\(name)' names no run of builds")
            }
            if releases[number] == nil { releases[number] = try PlannedRelease(number, db) }
            let release = releases[number]!
            let versions = try AppleVersionsBlob.stored(
                row[2] as Data?, own: release.ownAppleVersions, channel: channel, view: name)
            return PreviousView(segment: segment, release: release, versions: versions)
        }
    }

    func serving(_ id: String) -> PreviousServing {
        PreviousServing(
            segment: segment,
            served: release.indexByID[id].map {
                PreviousServing.Served(version: versions[$0], content: release.contentKeys[$0])
            })
    }
}
