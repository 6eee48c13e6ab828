import Foundation
import ReleaseViews

/// `builds.json`: the build map as a bucket holds it (docs/channels.md "Buckets"), so replicas answer
/// `/builds/{b}/…` from the channel the publisher maps the build to, and the names of the channels whose
/// pointers replicas follow (one small document to poll, instead of a listing of `channels/`). Replaced whole
/// after every channel pointer it names.
public struct BucketBuildMap: Sendable, Hashable, Codable {
    public struct Mapping: Sendable, Hashable, Codable {
        public var build: String
        public var channel: String
    }

    /// Sorted by build.
    public var builds: [Mapping]
    /// Every channel with a pointer, sorted.
    public var channels: [String]

    public init(_ mappings: [BuildMapping], channels: [String]) {
        builds = mappings.sorted { $0.build < $1.build }.map { Mapping(build: $0.build.description, channel: $0.channel) }
        self.channels = channels.sorted()
    }

    public func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Array(try encoder.encode(self))
    }

    /// Decodes and checks every build and channel name: whoever can write the bucket can write this document.
    public init(json: [UInt8], key: String) throws {
        self = try JSONDecoder().decode(Self.self, from: Data(json))
        if let bad = builds.first(where: { (try? AppBuild(parsing: $0.build)) == nil || ChannelName($0.channel) == nil }) {
            throw PackStoreError.untrustworthyDocument(
                name: key, problem: "\"\(bad.build.prefix(40))\" → \"\(bad.channel.prefix(40))\" is not a build and a channel")
        }
        if let bad = channels.first(where: { ChannelName($0) == nil }) {
            throw PackStoreError.untrustworthyDocument(name: key, problem: "\"\(bad.prefix(40))\" is not a channel name")
        }
    }

    /// Build point → channel, as `ServedCatalog.buildMap` holds it.
    public var points: [BuildPoint: ChannelName] {
        var map: [BuildPoint: ChannelName] = [:]
        for mapping in builds {
            if let build = try? AppBuild(parsing: mapping.build), let channel = ChannelName(mapping.channel) {
                map[build.point] = channel
            }
        }
        return map
    }
}
