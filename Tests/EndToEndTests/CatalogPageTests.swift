import Foundation
import CDNSimulation
import Testing

/// Issue 12, "Done means" 4: the catalog page in headless Chromium (Debian's chromium and chromedriver,
/// Selenium from PyPI): every pack with its size and a working link, tags, history, the manifest's facts,
/// and a signature checked in the browser with WebCrypto Ed25519 — "verified", and not for a JWS with
/// one character of its signature changed. A private pack is marked, and its plain link answers 403.
@Suite struct CatalogPage {
    @Test func listsTheReleaseAndVerifiesItsSignatureInTheBrowser() async throws {
        let store = try StoreWorkspace()
        try await store.run(["add", try store.randomFile("intro.aar", count: 700), "--id", "Tutorial",
                             "--policy", "essential", "--tag", "core"])
        try await store.run(["add", try store.randomFile("forest.aar", count: 1_572_864), "--id", "level-1",
                             "--policy", "prefetch", "--order", "1", "--tag", "levels", "--tag", "forest"])
        try await store.run(["add", try store.randomFile("hd.aar", count: 300_000), "--id", "forest-hd",
                             "--tag", "forest", "--tag", "hd"])
        try await store.run(["publish", "--note", "first"])
        try await store.run(["rm", "forest-hd"])
        // A private pack is listed like the others, marked, and its plain link is refused (403).
        try await store.run(["set", "level-1", "--access", "private"])
        try await store.run(["publish", "--note", "without the HD textures"])
        // The page as shipped: the repository's Public/ directory.
        let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Public").path
        let port = try await FreePorts.pick(1)[0]
        let environment = [
            "PACKSERVE_LISTEN_PORT": "\(port)", "PACKSERVE_PUBLICBASEURL": "http://127.0.0.1:\(port)",
            "PACKSERVE_PUBLICDIRECTORY": shipped,
        ]
        let server = try await store.serve(environment: environment)
        try await server.awaitRelease(2)
        let screenshot = ProcessInfo.processInfo.environment["PACKSERVE_CATALOG_SCREENSHOT"] ?? "-"
        let python = try ExternalTool.path(of: "python3")

        let verified = try await ChildProcess.run(
            python, [CatalogPageScript.script, server.url(""), "verified", screenshot], timeout: .seconds(120))
        #expect(verified.stdout.text.hasPrefix("OK status='verified' packs=2"), "\(verified.stdout.text)")

        let tampered = try await ChildProcess.run(
            python, [CatalogPageScript.script, server.url(""), "tampered", "-"], timeout: .seconds(120))
        #expect(tampered.stdout.text.hasPrefix("OK status='not verified: the signature does not verify"), "\(tampered.stdout.text)")

        // Issue 34: another channel's view for one app build, picked by the page's query.
        // Signed with the server's base URL, as a publisher sharing its configuration signs.
        try await store.run(["channel", "create", "beta"], environment: environment)
        try await store.run(["add", try store.randomFile("desert.aar", count: 5_000), "--id", "level-2", "--tag", "levels"])
        try await store.run(
            ["publish", "--channel", "beta", "--min-build", "1.10", "--note", "for new builds"], environment: environment)
        try await server.awaitView("/channels/beta/builds/1.10", release: 3)
        let beta = try await ChildProcess.run(
            python, [CatalogPageScript.script, server.url(""), "verified", "-", "?channel=beta&build=1.10",
                     "/channels/beta/builds/1.10"], timeout: .seconds(120))
        #expect(beta.stdout.text.hasPrefix("OK status='verified' packs=3"), "\(beta.stdout.text)")
        #expect(try await server.stop() == 0)
    }
}
