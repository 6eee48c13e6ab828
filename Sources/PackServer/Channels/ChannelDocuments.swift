import Foundation
import JSONText
import Manifest
import PackKitWire
import PackStore

/// The JSON of channels, their histories and the build map: `channels --json`, `channel history --json`,
/// `builds --json`, `GET /channels` and the admin API all print these shapes (docs/api.md "Channels").
public enum ChannelDocuments {
    /// `{"name","release","version","requireCredentials","rollout"?}` per channel; `rollout` while one is live:
    /// `{"release","percent","state"}`.
    public struct Channel: Encodable, Sendable {
        struct LiveRollout: Encodable, Sendable {
            let release: Int
            let percent: Double
            let state: String
        }

        let name: String
        let release: Int?
        let version: Int
        let requireCredentials: Bool
        let rollout: LiveRollout?

        public init(_ summary: ChannelSummary) {
            name = summary.name
            release = summary.release
            version = summary.version
            requireCredentials = summary.requireCredentials
            rollout = summary.rollout.map {
                LiveRollout(release: $0.candidate, percent: $0.percent.value, state: $0.state.rawValue)
            }
        }
    }

    /// `{"name","release","version"}` per channel that needs no credentials: `GET /channels`, the catalog
    /// page's channel picker. A channel with `--require-credentials` is not listed to strangers.
    public struct PublicChannel: Encodable, Sendable {
        let name: String
        let release: Int?
        let version: Int

        init(_ summary: ChannelSummary) {
            name = summary.name
            release = summary.release
            version = summary.version
        }
    }

    /// `{"release","pointedAt","action","builds"?,"pruned"?}` per step of a history.
    public struct HistoryItem: Encodable, Sendable {
        let release: Int
        let pointedAt: Date
        let action: String
        let builds: ManifestBuilds?
        let pruned: Bool?

        public init(_ item: ChannelHistoryItem) {
            release = item.release
            pointedAt = item.pointedAt
            action = item.action.rawValue
            builds = .bounds(min: item.builds.min?.description, max: item.builds.max?.description)
            pruned = item.isPruned ? true : nil
        }
    }

    /// `{"build","channel"}` per entry of the build map.
    public struct Mapping: Encodable, Sendable {
        let build: String
        let channel: String

        public init(_ mapping: BuildMapping) {
            build = mapping.build.description
            channel = mapping.channel
        }
    }

    public static func list(_ channels: [ChannelSummary]) throws -> String {
        try CanonicalJSON.string(channels.map(Channel.init))
    }

    /// The body of `GET /channels`.
    public static func publicList(_ channels: [ChannelSummary]) throws -> [UInt8] {
        try CanonicalJSON.encode(channels.filter { !$0.requireCredentials }.map(PublicChannel.init))
    }

    public static func history(_ items: [ChannelHistoryItem]) throws -> String {
        try CanonicalJSON.string(items.map(HistoryItem.init))
    }

    public static func builds(_ map: [BuildMapping]) throws -> String {
        try CanonicalJSON.string(map.map(Mapping.init))
    }
}
