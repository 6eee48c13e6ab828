import Foundation
import PackStore

/// `GET /admin/stats` (docs/api.md "Rollouts"): a channel's adoption and outcomes by hour and release,
/// `{"channel","hours","rollout"?,"series":[{"hour","release","manifestRequests","completedDownloads","installed","failed"}]}`, `hour`
/// as the ISO 8601 instant it starts at. The same numbers the console draws.
struct AdoptionDocument: Encodable, Sendable {
    struct Entry: Encodable, Sendable {
        let hour: Date
        let release: Int
        let manifestRequests: Int
        let completedDownloads: Int
        let installed: Int
        let failed: Int
    }

    let channel: String
    let hours: Int
    let rollout: RolloutDocument?
    let series: [Entry]

    init(channel: String, hours: Int, rollout: RolloutStatus?, stats: [ReleaseHourStats]) {
        self.channel = channel
        self.hours = hours
        self.rollout = rollout.map(RolloutDocument.init)
        series = stats.map {
            Entry(
                hour: Date(timeIntervalSince1970: TimeInterval($0.hour * 3600)), release: $0.release,
                manifestRequests: $0.manifestRequests, completedDownloads: $0.completedDownloads, installed: $0.installed,
                failed: $0.failed)
        }
    }
}
