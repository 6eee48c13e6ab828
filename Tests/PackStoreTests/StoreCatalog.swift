import Foundation
import PackStore
import ReleaseViews
import StoreSteps
import ViewRulesModel

/// The real store driven by `CatalogStep`s and read back as `CatalogModel.Observation`s, so that
/// `DevicePathChecker` checks it exactly as it checks the model. Contents are file bytes; the sealer's document
/// of each view lists `id@appleVersion#sha256`, which is what a device's download manifest says.
final class StoreCatalog: SteppedCatalog {
    let fixture: TemporaryStore
    var store: PackStore { fixture.store }
    /// What each view shows, read once per step (`refresh`).
    private var observations: [ChannelName: [(segment: ViewSegment, observation: CatalogModel.Observation)]] = [:]
    private var map: [AppBuild: ChannelName] = [:]
    private(set) var channelNames: [ChannelName] = [.production]
    private(set) var latestRelease: Int?
    private var current: [ChannelName: Int] = [:]

    private let runner: StoreStepRunner

    init() throws {
        let memory = URL(fileURLWithPath: "/dev/shm")
        fixture = try TemporaryStore(parent: FileManager.default.fileExists(atPath: memory.path) ? memory : FileManager.default.temporaryDirectory)
        runner = StoreStepRunner(store: fixture.store, scratch: fixture.root)
    }

    func currentRelease(of channel: ChannelName) -> Int? { current[channel] }

    /// Runs `step`; false when the store refused it.
    func apply(_ step: CatalogStep) throws -> Bool {
        try runner.apply(step, sealer: RecordingSealer()) { channel in
            let version = try store.latestManifestVersion(of: channel)
            let renewal = try store.renewChannel(
                channel, after: version, lease: SigningLease(holder: "t", until: 1), now: 0, issuedAt: 0,
                expiresAt: 100, notBefore: 0
            ) { version, views in
                Dictionary(uniqueKeysWithValues: views.map {
                    ($0.segment.description, RecordingSealer.signature(channel: channel, version: version, view: $0))
                })
            }
            if case .signed = renewal { return true }
            return false
        }
    }

    /// Reads every channel's views and documents and the build map: what devices could see now.
    func refresh() throws {
        let summaries = try store.channels()
        channelNames = summaries.compactMap { ChannelName($0.name) }
        latestRelease = try store.releases().last?.number
        current = Dictionary(uniqueKeysWithValues: summaries.compactMap { summary in
            summary.release.map { (ChannelName(summary.name)!, $0) }
        })
        map = Dictionary(uniqueKeysWithValues: try store.buildMap().map { ($0.build, ChannelName($0.channel)!) })
        observations = [:]
        for summary in summaries {
            let channel = ChannelName(summary.name)!
            observations[channel] = try store.views(of: channel).segments.map { segment in
                let ids = try store.viewDocuments(channel: channel, segment: segment, profile: "p")?["ids"] ?? []
                var apple: [String: CatalogModel.AppleVersion] = [:]
                for item in String(decoding: ids, as: UTF8.self).split(separator: ",") {
                    let at = item.firstIndex(of: "@")!
                    let hash = item.firstIndex(of: "#")!
                    apple[String(item[..<at])] = CatalogModel.AppleVersion(
                        version: Int(item[item.index(after: at)..<hash])!, content: String(item[item.index(after: hash)...]))
                }
                return (segment, CatalogModel.Observation(
                    channel: channel, manifestVersion: summary.version, release: segment.release, apple: apple))
            }
        }
    }

    func observe(_ channel: ChannelName, build: AppBuild?) -> CatalogModel.Observation? {
        observations[channel]?.first { $0.segment.contains(build?.point ?? .zero) }?.observation
    }

    func mapped(_ build: AppBuild) -> CatalogModel.Observation? {
        observe(map[build] ?? .production, build: build)
    }
}
