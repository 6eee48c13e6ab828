import ReleaseViews

/// Checks, step after step, what devices could have seen (docs/channels.md "Versions never fall"):
///
/// - in each channel, the manifest `version` never falls, and every view shows the same one;
/// - in each channel, a pack's Apple version at a build is at least what any view of that channel showed
///   before, or shows now, at that build or a lower one (later in time; an app update);
/// - through the build map (`/builds/{b}/…`), a build's Apple versions and manifest versions never fall;
/// - one Apple version of a pack never names two contents, anywhere.
///
/// The probes are a list of builds; `nil` is a client that names none. It reads observations, not rules, so
/// it checks the model and the real server alike.
public struct DevicePathChecker: Sendable {
    public let probes: [AppBuild?]
    /// Channel → pack → per probe (in `probes`' order) the highest Apple version seen at it or a lower probe.
    private var highest: [ChannelName: [String: [Int]]] = [:]
    private var manifestVersions: [ChannelName: Int] = [:]
    private var mapped: [AppBuild: (manifest: [ChannelName: Int], apple: [String: Int])] = [:]
    private var contents: [String: [Int: String]] = [:]
    /// What the previous step showed, so that a view that did not change is not checked again.
    private var lastSeen: [ChannelName: [CatalogModel.Observation?]] = [:]
    private var lastMapped: [AppBuild: CatalogModel.Observation] = [:]

    /// - Parameter probes: sorted by build, `nil` (no build) first.
    public init(probes: [AppBuild?]) {
        self.probes = probes.sorted { ($0?.point ?? .zero) < ($1?.point ?? .zero) }
    }

    /// Checks one step: `observe(channel, probe)` for every channel that exists now, and `mapped(build)`.
    /// Returns the first broken rule, as a line.
    public mutating func check(
        channels: [ChannelName], observe: (ChannelName, AppBuild?) -> CatalogModel.Observation?,
        mapped: (AppBuild) -> CatalogModel.Observation?
    ) -> String? {
        for channel in channels {
            let seen = probes.map { observe(channel, $0) }
            if let last = lastSeen[channel], last == seen { continue }
            if let problem = checkChannel(channel, seen) { return problem }
            lastSeen[channel] = seen
        }
        for build in probes.compactMap({ $0 }) {
            guard let observation = mapped(build), lastMapped[build] != observation else { continue }
            if let problem = checkMapped(build, observation) { return problem }
            lastMapped[build] = observation
        }
        return nil
    }

    private mutating func checkChannel(_ channel: ChannelName, _ seen: [CatalogModel.Observation?]) -> String? {
        let versions = Set(seen.compactMap { $0?.manifestVersion })
        if versions.count > 1 { return "\(channel): views show manifest versions \(versions.sorted())" }
        if let version = versions.first {
            if let before = manifestVersions[channel], version < before {
                return "\(channel): manifest version fell from \(before) to \(version)"
            }
            if version == manifestVersions[channel] {
                return "\(channel): views changed without a new manifest version (\(version))"
            }
            manifestVersions[channel] = version
        }
        var packs = highest[channel] ?? [:]
        var ids = Set(packs.keys)
        for observation in seen.compactMap({ $0 }) { ids.formUnion(observation.apple.keys) }
        for id in ids {
            var before = packs[id] ?? Array(repeating: 0, count: probes.count)
            var running = 0
            for (index, observation) in seen.enumerated() {
                let floor = max(index > 0 ? before[index - 1] : 0, before[index], running)
                if let apple = observation?.apple[id] {
                    if let problem = record(id, apple) { return problem }
                    if apple.version < floor {
                        return "\(channel): pack \(id) at build \(probes[index]?.description ?? "(none)") shows Apple version \(apple.version) after \(floor)"
                    }
                    running = max(running, apple.version)
                }
                before[index] = max(floor, running)
            }
            packs[id] = before
        }
        highest[channel] = packs
        return nil
    }

    private mutating func checkMapped(_ build: AppBuild, _ observation: CatalogModel.Observation) -> String? {
        var state = mapped[build] ?? ([:], [:])
        if let before = state.manifest[observation.channel], observation.manifestVersion < before {
            return "/builds/\(build): manifest version of \(observation.channel) fell from \(before) to \(observation.manifestVersion)"
        }
        state.manifest[observation.channel] = observation.manifestVersion
        for (id, apple) in observation.apple {
            if let before = state.apple[id], apple.version < before {
                return "/builds/\(build): pack \(id)'s Apple version fell from \(before) to \(apple.version)"
            }
            state.apple[id] = apple.version
        }
        mapped[build] = state
        return nil
    }

    private mutating func record(_ id: String, _ apple: CatalogModel.AppleVersion) -> String? {
        if let named = contents[id]?[apple.version], named != apple.content {
            return "pack \(id): Apple version \(apple.version) names both \(named) and \(apple.content)"
        }
        contents[id, default: [:]][apple.version] = apple.content
        return nil
    }
}
