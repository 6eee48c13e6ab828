import Foundation
import PackStore
import ReleaseViews
import ViewRulesModel

/// The real store driven by `CatalogStep`s and read back as `CatalogModel.Observation`s, so that
/// `DevicePathChecker` checks it exactly as it checks the model. Contents are file bytes; the sealer's document
/// of each view lists `id@appleVersion#sha256`, which is what a device's download manifest says.
final class StoreCatalog: CatalogState {
    let fixture: TemporaryStore
    var store: PackStore { fixture.store }
    /// What each view shows, read once per step (`refresh`).
    private var observations: [ChannelName: [(segment: ViewSegment, observation: CatalogModel.Observation)]] = [:]
    private var map: [AppBuild: ChannelName] = [:]
    private(set) var channelNames: [ChannelName] = [.production]
    private(set) var latestRelease: Int?
    private var current: [ChannelName: Int] = [:]

    init() throws {
        let memory = URL(fileURLWithPath: "/dev/shm")
        fixture = try TemporaryStore(parent: FileManager.default.fileExists(atPath: memory.path) ? memory : FileManager.default.temporaryDirectory)
    }

    func currentRelease(of channel: ChannelName) -> Int? { current[channel] }

    /// Runs `step`; false when the store refused it.
    func apply(_ step: CatalogStep) throws -> Bool {
        let sealer = RecordingSealer()
        do {
            switch step {
            case .publish(let contents, let builds, let channel):
                try setDraft(contents)
                _ = try store.publish(channel: channel, builds: builds, sealedBy: sealer)
            case .promote(let channel, let release): _ = try store.promote(channel, to: release, sealedBy: sealer)
            case .rollback(let channel, let release): _ = try store.rollback(to: release, channel: channel, sealedBy: sealer)
            case .create(let channel): _ = try store.createChannel(channel, sealedBy: sealer)
            case .remove(let channel): try store.removeChannel(channel)
            case .map(let build, let channel): _ = try store.mapBuild(build, to: channel, sealedBy: sealer)
            case .renew(let channel):
                let version = try store.latestManifestVersion(of: channel)
                let renewal = try store.renewChannel(
                    channel, after: version, lease: SigningLease(holder: "t", until: 1), now: 0, issuedAt: 0,
                    expiresAt: 100, notBefore: 0
                ) { version, views in
                    Dictionary(uniqueKeysWithValues: views.map {
                        ($0.segment.description, RecordingSealer.signature(channel: channel, version: version, view: $0))
                    })
                }
                guard case .signed = renewal else { return false }
            }
            return true
        } catch is PackStoreError {
            return false
        }
    }

    private func setDraft(_ contents: [String: String]) throws {
        let draft = Dictionary(uniqueKeysWithValues: try store.listDraft().map { ($0.id, $0) })
        for (id, content) in contents {
            let file = try fixture.makeFile("\(content)-\(UUID().uuidString)", text: content)
            _ = try store.add(file: file, id: id)
        }
        for id in draft.keys where contents[id] == nil { try store.remove(id: id) }
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
