import Foundation
import HTTP1
import HTTPServer
import Logging
import Manifest
import PackStore

@testable import PackServer

/// A `PackServeResponder` over a real store in a temporary directory with one published release, called
/// directly (no socket): every route can be exercised as the event loops call it.
final class ResponderFixture {
    let root: URL
    let store: PackStore
    let live = LiveRelease()
    let responder: PackServeResponder
    let tutorial: PackVersion
    let level: PackVersion
    let manifest: StoredManifest
    /// Publishes as the fixture's first release was published.
    let signer: ManifestSigner

    /// - Parameter configure: changes to the configuration the responder is made with.
    /// - Parameters:
    ///   - logger, credentials: the responder's.
    init(
        logger: Logger = Logger(label: "fixture") { _ in SwiftLogNoOpLogHandler() },
        credentials: DownloadCredentials = DownloadCredentials(signature: nil),
        configure: (inout PackServeConfiguration) -> Void = { _ in }
    ) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("packserver-routes-\(UUID().uuidString)")
        let publicDirectory = root.appendingPathComponent("public")
        try FileManager.default.createDirectory(at: publicDirectory, withIntermediateDirectories: true)
        try Data("<h1>catalog</h1>".utf8).write(to: publicDirectory.appendingPathComponent("index.html"))
        store = try PackStore(dataDirectory: root.appendingPathComponent("data"))
        let first = root.appendingPathComponent("tutorial.aar")
        try Data(repeating: 1, count: 1_000).write(to: first)
        let second = root.appendingPathComponent("level.aar")
        try Data(repeating: 2, count: 3_000).write(to: second)
        tutorial = try store.add(file: first, id: "Tutorial", tags: ["core"], policy: .essential)
        level = try store.add(file: second, id: "level-1", tags: ["levels", "forest"], policy: .prefetch)
        try store.set(id: "level-1", platforms: [.iOS])
        var configuration = PackServeConfiguration()
        configuration.publicDirectory = publicDirectory.path
        configuration.publicBaseURL = "https://assets.example.com"
        configuration.allowedHosts = ["assets.example.com"]
        configure(&configuration)
        let key = SigningKey()
        signer = ManifestSigner(key: key, configuration: configuration)
        _ = try signer.publish(note: "", in: store)
        // The manifest routes serve stored bytes as they are; these stand in for a signing.
        manifest = StoredManifest(
            version: 7, release: 1, issuedAt: 1_000, expiresAt: 2_000, keyID: key.keyID, payload: Array("{\"v\":7}".utf8),
            payloadSignature: Array(repeating: 9, count: 64), detachedJWS: "aGVhZA..c2lnbg", profile: "p")
        let release = try PublishedRelease(
            snapshot: try store.loadSnapshot()!, history: try store.releases(), baseURL: configuration.publicBaseURL,
            style: .packs, manifest: manifest)
        _ = live.replace(with: release)
        responder = try PackServeResponder(configuration: configuration, live: live, publicKeys: [key.publicKey], credentials: credentials,
            logger: logger)
    }

    /// Publishes the draft and makes that release live with its signed manifest, as the server's release
    /// watcher would.
    func publishAndServe() throws {
        _ = try signer.publish(note: "", in: store)
        let release = try PublishedRelease(
            snapshot: try store.loadSnapshot()!, history: try store.releases(), baseURL: "https://assets.example.com",
            style: .packs, manifest: try store.latestManifest())
        _ = live.replace(with: release)
    }

    /// A file of `bytes` in the fixture's directory, to add as a pack.
    @discardableResult
    func file(_ name: String, _ text: String) throws -> URL {
        let url = root.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    func request(
        _ target: String, method: HTTPMethod = .get, host: String = "assets.example.com", headers: [(String, String)] = []
    ) -> HTTPResponse {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var fields: HTTPHeaders = ["host": host]
        for (name, value) in headers { fields.add(name, value) }
        let head = HTTPRequestHead(
            method: method, target: target, path: String(parts[0]), query: parts.count > 1 ? String(parts[1]) : nil,
            headers: fields)
        return responder.respond(to: HTTPRequest(head: head))
    }
}

extension HTTPResponse {
    /// The in-memory body as text ("" for a file body).
    var text: String {
        body.segments.reduce(into: "") { text, segment in
            if case .bytes(let bytes) = segment { text += String(decoding: bytes, as: UTF8.self) }
        }
    }

    var json: Any? { try? JSONSerialization.jsonObject(with: Data(text.utf8)) }
}
