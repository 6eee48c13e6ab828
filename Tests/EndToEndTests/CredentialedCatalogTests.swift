import Foundation
import Testing

extension EndToEnd {
    /// Issue 21, done means 2 (docs/api.md "Catalogs that need credentials"): with `catalog.requireCredentials`
    /// a document, pack or blob without a download token is 401 with a Basic challenge and `private, no-store`;
    /// the same request with the token, as a bearer token or as the Basic password, is 200; probes stay open;
    /// and the catalog page asks for the token and works with it (headless Chromium).
    @Suite struct CredentialedCatalog {
        @Test func aCatalogThatNeedsCredentialsAnswers401WithABasicChallengeAndTheTokenOpensIt() async throws {
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
            let paths = ["/manifest", "/manifest.json", "/manifest.json.sig", "/download-manifest.json",
                         "/manifest?platform=ios", "/tags/nope", "/releases", "/.well-known/jwks.json",
                         "/packs/level-1", "/blobs/sha256/\(levelSHA256)"]
            for path in paths {
                let refused = try await StoreResponse.get(server.url(path))
                #expect(refused.status == 401, "\(path): \(refused.status)")
                #expect(refused.headers["www-authenticate"] == #"Basic realm="packserve""#, "\(path)")
                #expect(refused.headers["cache-control"] == "private, no-store", "\(path)")
                #expect(refused.headers["xkey"] == nil, "\(path)")
                let wrong = try await StoreResponse.get(server.url(path), curlArguments: ["-u", "app:\(session.tokens["ci"]!)"])
                #expect(wrong.status == 401, "\(path): an upload token is no download token")
            }
            for path in paths where path != "/tags/nope" {
                for credentials in [["-u", "anyone:\(token)"], ["-H", "Authorization: Bearer \(token)"]] {
                    let admitted = try await StoreResponse.get(server.url(path), curlArguments: credentials)
                    #expect(admitted.status == 200, "\(path) with \(credentials[0]): \(admitted.status) \(admitted.text.prefix(200))")
                    #expect(admitted.headers["cache-control"] == "private, no-store", "\(path)")
                    #expect(admitted.headers["xkey"] == nil, "\(path)")
                }
            }
            let pack = try await StoreResponse.get(server.url("/packs/level-1"), curlArguments: ["-u", "x:\(token)"])
            #expect(pack.body.count == 200_000)
            for probe in ["/healthz", "/readyz", "/"] {
                #expect(try await StoreResponse.get(server.url(probe)).status == 200, "\(probe) stays open")
            }

            let python = try ExternalTool.path(of: "python3")
            let page = try await ChildProcess.run(
                python, [CredentialedCatalogPageScript.script, server.url(""), token, "2", "level-1", levelSHA256],
                timeout: .seconds(120))
            #expect(page.stdout.text.hasPrefix("OK packs=2"), "\(page.stdout.text)\(page.stderr.text)")
            #expect(try await server.stop() == 0)
        }
    }
}
