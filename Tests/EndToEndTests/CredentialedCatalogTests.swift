import Foundation
import CDNSimulation
import Testing

extension EndToEnd {
    /// Issue 21, done means 2 (docs/api.md "Catalogs that need credentials"): with `catalog.requireCredentials`
    /// the catalog page asks for the token and works with it (headless Chromium). The answers of each route
    /// with and without the token are ApplicationTests' `CredentialedCatalog`.
    @Suite struct CredentialedCatalog {
        @Test func theCatalogPageAsksForTheTokenAndWorksWithIt() async throws {
            let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Public").path
            var levelSHA256 = ""
            // The pack links the page follows are the manifest's: publicBaseURL must name this server.
            let port = try await FreePorts.pick(1)[0]
            let session = try await AdminSession.start(
                tokens: ["device": "download", "ci": "upload,publish,read"],
                overrides: [
                    "catalog": ["requireCredentials": true] as [String: any Sendable], "publicDirectory": shipped,
                    "listen": ["host": "127.0.0.1", "port": port] as [String: any Sendable],
                    "publicBaseURL": "http://127.0.0.1:\(port)",
                ]
            ) { store in
                let level = try store.randomFile("level.bin", count: 200_000)
                levelSHA256 = try await ExternalTool.sha256(of: level)
                try await store.run(["add", level, "--id", "level-1", "--policy", "prefetch"])
                try await store.run(["add", try store.randomFile("intro.bin", count: 1_000), "--id", "Tutorial"])
                try await store.run(["publish"])
                return [:]
            }
            let server = session.server
            try await server.awaitRelease(1)
            let token = try #require(session.tokens["device"])
            // (The 401s and 200s of every route are ApplicationTests' `CredentialedCatalog`.)
            let python = try ExternalTool.path(of: "python3")
            let page = try await ChildProcess.run(
                python, [CredentialedCatalogPageScript.script, server.url(""), token, "2", "level-1", levelSHA256],
                timeout: .seconds(120))
            #expect(page.stdout.text.hasPrefix("OK packs=2"), "\(page.stdout.text)\(page.stderr.text)")
            #expect(try await server.stop() == 0)
        }
    }
}
