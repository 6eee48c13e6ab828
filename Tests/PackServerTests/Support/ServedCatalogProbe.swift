import Foundation
import Dispatch
import HTTP1
import Logging
import Manifest
import PackStore
import ReleaseViews
import StoreSteps
import Synchronization
import ViewRulesModel

@testable import HTTPServer
@testable import PackServer

/// The real store, signer, release watcher and responder (no socket) driven by `CatalogStep`s, and read back
/// as a device reads them: `…/manifest.json` and `…/download-manifest.json` of every view, through the routes.
/// So `DevicePathChecker` checks what the server answers, not what the index holds.
final class ServedCatalogProbe: SteppedCatalog {
    private let root: URL
    let store: PackStore
    private let runner: StoreStepRunner
    private let signer: ManifestSigner
    private let watcher: ReleaseWatcher
    private let responder: PackServeResponder
    /// Unix seconds: one more for every step, so that every signing differs.
    private var now: Int64 = 1_800_000_000
    private(set) var channelNames: [ChannelName] = [.production]
    private(set) var latestRelease: Int?
    private var current: [ChannelName: Int] = [:]
    /// What each view answered at the last refresh, by request path.
    private var answered: [String: CatalogModel.Observation?] = [:]
    /// Observations by the ETags of the two documents they were read from: many builds read one view, and a
    /// view keeps its documents until its channel changes, so each pair is decoded once.
    private var decoded: [String: CatalogModel.Observation?] = [:]

    init() throws {
        let memory = URL(fileURLWithPath: "/dev/shm")
        let parent = FileManager.default.fileExists(atPath: memory.path) ? memory : FileManager.default.temporaryDirectory
        root = parent.appendingPathComponent("packserve-served-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        store = try PackStore(dataDirectory: root.appendingPathComponent("data"))
        runner = StoreStepRunner(store: store, scratch: root)
        var configuration = PackServeConfiguration()
        configuration.publicBaseURL = "https://assets.example.com"
        configuration.allowedHosts = ["assets.example.com"]
        configuration.publicDirectory = root.path
        signer = ManifestSigner(key: SigningKey(), configuration: configuration)
        let live = LiveRelease()
        let logger = Logger(label: "probe") { _ in SwiftLogNoOpLogHandler() }
        watcher = ReleaseWatcher(
            store: store, live: live, baseURL: configuration.publicBaseURL, style: configuration.packURLs,
            signer: signer, logger: logger)
        responder = try PackServeResponder(configuration: configuration, live: live, publicKeys: [], logger: logger)
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    func currentRelease(of channel: ChannelName) -> Int? { current[channel] }

    /// Runs `step` signed by the server's signer; false when the store refused it.
    func apply(_ step: CatalogStep) throws -> Bool {
        now += 1
        let now = now
        return try runner.apply(step, sealer: signer.sealing(now: now)) { channel in
            let outcome = try signer.renew(
                channel, after: try store.latestManifestVersion(of: channel),
                lease: SigningLease(holder: "probe", until: now + 60), notBefore: now, in: store, now: now)
            if case .signed = outcome { return true }
            return false
        }
    }

    /// The watcher's poll, then what the generator needs from the index.
    func refresh() throws {
        watcher.refresh(now: now)
        let summaries = try store.channels()
        channelNames = summaries.compactMap { ChannelName($0.name) }
        latestRelease = try store.releases().last?.number
        current = Dictionary(uniqueKeysWithValues: summaries.compactMap { summary in
            summary.release.map { (ChannelName(summary.name)!, $0) }
        })
        answered = [:]
    }

    func observe(_ channel: ChannelName, build: AppBuild?) -> CatalogModel.Observation? {
        read("/channels/\(channel)" + (build.map { "/builds/\($0)" } ?? ""))
    }

    func mapped(_ build: AppBuild) -> CatalogModel.Observation? {
        read("/builds/\(build)")
    }

    /// The view under `prefix` as a device reads it; nil when the server answers 404.
    private func read(_ prefix: String) -> CatalogModel.Observation? {
        if let known = answered[prefix] { return known }
        let observation = fetch(prefix)
        answered[prefix] = observation
        return observation
    }

    private func fetch(_ prefix: String) -> CatalogModel.Observation? {
        let manifestResponse = get(prefix + "/manifest.json")
        let downloadsResponse = get(prefix + "/download-manifest.json")
        guard manifestResponse.status == .ok, downloadsResponse.status == .ok else { return nil }
        let key = "\(manifestResponse.headers["etag"] ?? "") \(downloadsResponse.headers["etag"] ?? "")"
        if let known = decoded[key] { return known }
        let observation = decode(manifestResponse, downloadsResponse)
        decoded[key] = observation
        return observation
    }

    private func decode(_ manifestResponse: HTTPResponse, _ downloadsResponse: HTTPResponse) -> CatalogModel.Observation? {
        guard let manifest = Self.json(manifestResponse),
            let downloads = Self.json(downloadsResponse)?["assetPacks"] as? [[String: Any]],
            let channel = (manifest["channel"] as? String).flatMap(ChannelName.init),
            let version = manifest["version"] as? Int, let release = manifest["release"] as? Int
        else { return nil }
        var apple: [String: CatalogModel.AppleVersion] = [:]
        for pack in downloads {
            guard let id = pack["id"] as? String, let number = pack["version"] as? Int,
                let sha256 = (pack["userInfo"] as? [String: Any])?["sha256"] as? String
            else { continue }
            apple[id] = CatalogModel.AppleVersion(version: number, content: sha256)
        }
        return CatalogModel.Observation(channel: channel, manifestVersion: version, release: release, apple: apple)
    }

    /// The final answer to GET `path`: a view's manifest is read when first asked for, and answered later.
    private func get(_ path: String) -> HTTPResponse {
        let head = HTTPRequestHead(method: .get, target: path, path: path, query: nil, headers: ["host": "assets.example.com"])
        let response = responder.respond(to: HTTPRequest(head: head))
        guard let deferral = response.deferral else { return response }
        let delivered = Mutex<HTTPResponse?>(nil)
        let done = DispatchSemaphore(value: 0)
        if let ready = deferral.attach({ final in
            delivered.withLock { $0 = final }
            done.signal()
        }) {
            return ready
        }
        done.wait()
        return delivered.withLock { $0 }!
    }

    private static func json(_ response: HTTPResponse) -> [String: Any]? {
        let bytes = response.body.segments.reduce(into: [UInt8]()) { bytes, segment in
            if case .bytes(let part) = segment { bytes += part }
        }
        return try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
    }
}
