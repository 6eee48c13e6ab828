import ReleaseViews

/// Random steps over a small world, so that sequences collide often: three packs with four contents each,
/// three channels, and build bounds around the `1.9`/`1.10` boundary where prefix rules bite.
public struct CatalogStepGenerator: Sendable {
    public static let packs = ["a", "b", "c"]
    public static let channels = [ChannelName.production, ChannelName("beta")!, ChannelName("qa")!]
    public static let bounds = ["1", "1.9", "1.9.3", "1.10", "2", "2.0"].map { try! AppBuild(parsing: $0) }
    /// One build in every run between two cuts the bounds make (0, 1, 1.9, 1.9.3, 1.9.4, 1.10, 1.11, 2, 2.1,
    /// 3), which is all a device can tell apart; `nil` is a client that names no build.
    public static let probes: [AppBuild?] = [nil] + ["0.5", "1", "1.9", "1.9.3", "1.9.4", "1.10", "1.11", "2", "2.1", "3"]
        .map { try! AppBuild(parsing: $0) }

    public var random: SplitMix64

    public init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// A step that usually makes sense for `model`: channels that exist, releases newer than a channel's for
    /// promotes. Some are still refused (a publish that changes nothing, a remap that would lower a version),
    /// which is tested too.
    public mutating func next(for model: some CatalogState) -> CatalogStep {
        let existing = model.channelNames
        let channel = existing.randomElement(using: &random)!
        let latest = model.latestRelease ?? 0
        let absent = Self.channels.filter { !existing.contains($0) }
        let removable = existing.filter { !$0.isProduction }
        let newer = latest > (model.currentRelease(of: channel) ?? 0)
            ? Array(((model.currentRelease(of: channel) ?? 0) + 1)...latest) : []
        switch Int.random(in: 0..<20, using: &random) {
        case 0..<7:
            break
        case 7..<9 where !newer.isEmpty:
            return .promote(channel: channel, release: newer.randomElement(using: &random)!)
        case 9..<11 where latest > 0:
            return .rollback(channel: channel, release: Int.random(in: 1...latest, using: &random))
        case 11..<13 where !absent.isEmpty && latest > 0:
            return .create(channel: absent.randomElement(using: &random)!)
        case 13 where !removable.isEmpty:
            return .remove(channel: removable.randomElement(using: &random)!)
        case 14..<18 where latest > 0:
            let build = Self.probes.compactMap { $0 }.randomElement(using: &random)!
            return .map(build: build, channel: channel)
        case 18..<20:
            return .renew(channel: channel)
        default:
            break
        }
        return .publish(contents: contents(), builds: range(), channel: channel)
    }

    private mutating func contents() -> [String: String] {
        var contents: [String: String] = [:]
        for pack in Self.packs where Int.random(in: 0..<5, using: &random) > 0 {
            contents[pack] = "\(pack)\(Int.random(in: 1...4, using: &random))"
        }
        return contents
    }

    /// Half of the releases state no builds; the rest a minimum, a maximum or both (min above max skipped).
    private mutating func range() -> BuildRange {
        guard Bool.random(using: &random) else { return .all }
        for _ in 0..<8 {
            let min = Bool.random(using: &random) ? Self.bounds.randomElement(using: &random) : nil
            let max = Bool.random(using: &random) ? Self.bounds.randomElement(using: &random) : nil
            if let range = try? BuildRange(min: min, max: max) { return range }
        }
        return .all
    }
}
