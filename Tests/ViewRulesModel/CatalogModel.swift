import ReleaseViews

/// The rules of channels, builds and Apple versions (docs/channels.md) as a plain value, with none of the
/// store's SQL or the server's documents: releases, channels with their histories, the build map, each
/// channel's manifest `version` and the Apple versions of its views. The property tests drive it with random
/// steps and `DevicePathChecker` checks what a device could see after each; the store and server tests run
/// the same steps through the real binary and compare.
public struct CatalogModel: Sendable {
    public struct Release: Sendable, Equatable {
        public let number: Int
        public let builds: BuildRange
        /// Pack id → content key.
        public let contents: [String: String]
    }

    /// What one view answers: the channel's manifest `version`, the release, and each pack's Apple version
    /// with the content it names.
    public struct Observation: Sendable, Equatable {
        public let channel: ChannelName
        public let manifestVersion: Int
        public let release: Int
        public let apple: [String: AppleVersion]

        public init(channel: ChannelName, manifestVersion: Int, release: Int, apple: [String: AppleVersion]) {
            self.channel = channel
            self.manifestVersion = manifestVersion
            self.release = release
            self.apple = apple
        }
    }

    public struct AppleVersion: Sendable, Equatable {
        public let version: Int
        public let content: String

        public init(version: Int, content: String) {
            self.version = version
            self.content = content
        }
    }

    struct Channel: Sendable {
        var history: [ChannelHistoryEntry]
        var views: ChannelViews
        /// By segment index: pack id → Apple version and content.
        var apple: [[String: AppleVersion]]
    }

    public private(set) var releases: [Int: Release] = [:]
    private var channels: [ChannelName: Channel] = [:]
    /// Survive `rm`: a channel created again goes on from here.
    private var manifestVersions: [ChannelName: Int] = [:]
    private var floors: [ChannelName: [String: ServedFloor]] = [:]
    /// Across channels: each id's highest Apple version, and the versions naming each content.
    private var latest: [String: Int] = [:]
    private var issued: [String: [String: [Int]]] = [:]
    public private(set) var buildMap: [AppBuild: ChannelName] = [:]
    /// How many (view, pack) pairs the build rule raised so far (`PackViewPlan.raised`).
    public private(set) var raisedViews = 0

    /// `production` exists from the start; it answers nothing before the first publish.
    public init() {
        channels[.production] = Channel(history: [], views: ChannelViews(history: []), apple: [])
        manifestVersions[.production] = 0
    }

    public var channelNames: [ChannelName] { channels.keys.sorted() }

    public func currentRelease(of channel: ChannelName) -> Int? { channels[channel]?.history.last?.release }

    public func manifestVersion(of channel: ChannelName) -> Int? {
        channels[channel] == nil ? nil : manifestVersions[channel]
    }

    public var latestRelease: Int? { releases.keys.max() }

    // MARK: - Steps

    /// A new release with `contents` and `builds`, pointed at by `channel`; refused when the channel does not
    /// exist or its release already has that content and range.
    public mutating func publish(_ contents: [String: String], builds: BuildRange, to channel: ChannelName) -> Refusal? {
        guard let current = channels[channel] else { return .unknownChannel }
        if let release = current.history.last.flatMap({ releases[$0.release] }),
            release.contents == contents, release.builds == builds
        {
            return .changesNothing
        }
        guard !(contents.isEmpty && releases.isEmpty) else { return .changesNothing }
        let number = (latestRelease ?? 0) + 1
        releases[number] = Release(number: number, builds: builds, contents: contents)
        point(channel, at: number)
        return nil
    }

    /// Points `channel` at retained release `number`, which must be newer than its current one.
    public mutating func promote(_ channel: ChannelName, to number: Int) -> Refusal? {
        guard let current = channels[channel] else { return .unknownChannel }
        guard releases[number] != nil else { return .unknownRelease }
        guard number > current.history.last?.release ?? 0 else { return .notNewer }
        point(channel, at: number)
        return nil
    }

    /// A new release with release `number`'s content and range, pointed at by `channel`.
    public mutating func rollback(_ channel: ChannelName, to number: Int) -> Refusal? {
        guard let release = releases[number] else { return .unknownRelease }
        return publish(release.contents, builds: release.builds, to: channel)
    }

    /// A new channel at `release` (default: production's current one).
    public mutating func create(_ channel: ChannelName, at release: Int? = nil) -> Refusal? {
        guard channels[channel] == nil else { return .channelExists }
        guard let number = release ?? currentRelease(of: .production), releases[number] != nil else {
            return .unknownRelease
        }
        channels[channel] = Channel(history: [], views: ChannelViews(history: []), apple: [])
        point(channel, at: number)
        return nil
    }

    public mutating func remove(_ channel: ChannelName) -> Refusal? {
        guard !channel.isProduction else { return .production }
        guard channels[channel] != nil else { return .unknownChannel }
        // Its builds would fall back to production, whose versions may be lower: they move first, checked.
        guard !buildMap.values.contains(channel) else { return .buildsMapped }
        channels[channel] = nil
        return nil
    }

    /// Maps `build` to `channel` (`builds set`): refused when the channel has nothing for the build, or when a
    /// pack of its view there is below what the build's devices may have seen: the leaving channel's floor at
    /// the build (which remembers packs withdrawn since). The floors move with the devices.
    public mutating func map(_ build: AppBuild, to channel: ChannelName) -> Refusal? {
        guard channels[channel] != nil else { return .unknownChannel }
        let source = buildMap[build] ?? .production
        guard source != channel else { return .changesNothing }
        guard let after = observe(channel, build: build) else { return .noViewForBuild }
        let seen = (floors[source] ?? [:]).mapValues { $0.value(at: build.point) }
        for (id, apple) in after.apple where apple.version < seen[id] ?? 0 { return .appleVersionWouldFall }
        for (id, version) in seen where version > 0 {
            floors[channel, default: [:]][id] = (floors[channel]?[id] ?? .none).raised(by: [(build.point, version)])
        }
        buildMap[build] = channel
        // The build's devices move to `channel`'s sequence: it re-signs above the one they left.
        manifestVersions[channel] = max(manifestVersions[channel] ?? 0, manifestVersions[source] ?? 0) + 1
        return nil
    }

    /// Signs `channel`'s views again (a renewal): a new `version`, nothing else.
    public mutating func renew(_ channel: ChannelName) -> Refusal? {
        guard channels[channel] != nil else { return .unknownChannel }
        manifestVersions[channel, default: 0] += 1
        return nil
    }

    public enum Refusal: Sendable, Equatable {
        case unknownChannel, unknownRelease, notNewer, changesNothing, channelExists, production
        case noViewForBuild, appleVersionWouldFall, buildsMapped
    }

    // MARK: - What devices see

    /// What `/channels/{channel}[/builds/{build}]/…` answers; nil when it is 404.
    public func observe(_ channel: ChannelName, build: AppBuild?) -> Observation? {
        guard let state = channels[channel], let version = manifestVersions[channel],
            let index = state.views.segments.firstIndex(where: { $0.contains(build?.point ?? .zero) })
        else { return nil }
        return Observation(
            channel: channel, manifestVersion: version, release: state.views.segments[index].release,
            apple: state.apple[index])
    }

    /// What `/builds/{build}/…` answers: the channel the build map names (production when none).
    public func mappedObservation(_ build: AppBuild) -> Observation? {
        observe(buildMap[build] ?? .production, build: build)
    }

    // MARK: - Planning

    private mutating func point(_ channel: ChannelName, at number: Int) {
        var state = channels[channel]!
        let before = state.views.segments
        let beforeApple = state.apple
        state.history.append(ChannelHistoryEntry(release: number, builds: releases[number]!.builds))
        state.views = ChannelViews(history: state.history)
        let segments = state.views.segments
        var ids = Set<String>()
        for segment in segments { ids.formUnion(releases[segment.release]!.contents.keys) }
        var apple = Array(repeating: [String: AppleVersion](), count: segments.count)
        for id in ids.sorted() {
            let history = PackVersionHistory(
                latest: latest[id] ?? 0, issued: issued[id] ?? [:], floor: floors[channel]?[id] ?? .none)
            let previous = zip(before, beforeApple).map { segment, apple in
                PreviousServing(
                    segment: segment,
                    served: apple[id].map { PreviousServing.Served(version: $0.version, content: $0.content) })
            }
            let plan = AppleVersionPlanner.plan(
                history, contents: segments.map { releases[$0.release]!.contents[id] }, segments: segments,
                previous: previous)
            latest[id] = plan.history.latest
            issued[id] = plan.history.issued
            floors[channel, default: [:]][id] = plan.history.floor
            for (index, version) in plan.versions.enumerated() {
                if let version, let content = releases[segments[index].release]!.contents[id] {
                    apple[index][id] = AppleVersion(version: version, content: content)
                }
            }
            raisedViews += plan.raised.filter { $0 }.count
        }
        state.apple = apple
        channels[channel] = state
        manifestVersions[channel, default: 0] += 1
    }
}
