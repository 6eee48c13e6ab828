import Foundation
import PackServeTesting
import Testing

/// Issue 21, done means 2 (docs/api.md "Catalogs that need credentials"): with `catalog.requireCredentials`
/// a document, pack or blob without a download token is 401 with a Basic challenge and `private, no-store`;
/// the same request with the token, as a bearer token or as the Basic password, is 200; probes and the
/// catalog page stay open. (The page asking for the token in headless Chromium is the end-to-end suite's.)
@Suite struct CredentialedCatalog {
    @Test func aCatalogThatNeedsCredentialsAnswers401WithABasicChallengeAndTheTokenOpensIt() async throws {
        let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Public").path
        let session = try await AdminCaller.start(
            tokens: ["device": "download", "ci": "upload,publish,read"],
            overrides: ["catalog": ["requireCredentials": true] as [String: any Sendable], "publicDirectory": shipped])
        let server = session.server
        let level = try server.addRandom("level.bin", count: 200_000, id: "level-1", policy: .prefetch)
        let levelSHA256 = try FileDigest.sha256(of: level)
        try server.addRandom("intro.bin", count: 1_000, id: "Tutorial")
        try server.publish()
        let token = try #require(session.tokens["device"])
        func basic(_ user: String, _ password: String) -> (String, String) {
            ("Authorization", "Basic " + Data("\(user):\(password)".utf8).base64EncodedString())
        }

        let paths = ["/manifest", "/manifest.json", "/manifest.json.sig", "/download-manifest.json",
                     "/manifest?platform=ios", "/tags/nope", "/releases", "/.well-known/jwks.json",
                     "/packs/level-1", "/blobs/sha256/\(levelSHA256)"]
        for path in paths {
            let refused = try await server.client.get(path)
            #expect(refused.status == 401, "\(path): \(refused.status)")
            #expect(refused.headers["www-authenticate"] == #"Basic realm="packserve""#, "\(path)")
            #expect(refused.headers["cache-control"] == "private, no-store", "\(path)")
            #expect(refused.headers["xkey"] == nil, "\(path)")
            let wrong = try await server.client.get(path, headers: [basic("app", session.tokens["ci"]!)])
            #expect(wrong.status == 401, "\(path): an upload token is no download token")
        }
        for path in paths where path != "/tags/nope" {
            for (name, credentials) in [("Basic", basic("anyone", token)), ("Bearer", ("Authorization", "Bearer \(token)"))] {
                let admitted = try await server.client.get(path, headers: [credentials])
                #expect(admitted.status == 200, "\(path) with \(name): \(admitted.status) \(admitted.text.prefix(200))")
                #expect(admitted.headers["cache-control"] == "private, no-store", "\(path)")
                #expect(admitted.headers["xkey"] == nil, "\(path)")
            }
        }
        #expect(try await server.client.get("/packs/level-1", headers: [basic("x", token)]).body.count == 200_000)
        for probe in ["/healthz", "/readyz", "/"] {
            #expect(try await server.client.get(probe).status == 200, "\(probe) stays open")
        }
        await server.stop()
    }
}
