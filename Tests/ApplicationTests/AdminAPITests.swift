import Foundation
import JSONText
import Manifest
import PackServeTesting
import PackServer
import Testing

/// Issue 12, the admin API in-process: every route, and each refusal (docs/api.md "Admin API").
@Suite struct AdminAPI {
    /// The draft as `ls --json` prints it.
    static func listedDraft(_ server: InProcessPackServe) throws -> String {
        try CanonicalJSON.string(try server.store.listDraft(tag: nil).map { CatalogPack($0, url: nil) })
    }

    @Test func everyRouteFromUploadToRollback() async throws {
        let session = try await AdminCaller.start(tokens: ["ci": "upload,publish,read"])
        let server = session.server
        let file = try server.directory.randomFile("level-1.bin", count: 3_000_000)
        let sha256 = try FileDigest.sha256(of: file)
        let digest = Data((0..<32).map { UInt8(strtoul(String(Array(sha256)[($0 * 2)..<($0 * 2 + 2)]), nil, 16)) })

        let uploaded = try await session.upload(
            file, id: "level-1", query: "tag=forest&tag=level-1&policy=prefetch&order=2",
            headers: [("Content-Digest", "sha-256=:\(digest.base64EncodedString()):")])
        #expect(uploaded.status == 201, "\(uploaded.text)")
        let pack = try #require(uploaded.object)
        #expect(pack["id"] as? String == "level-1" && pack["version"] as? Int == 1)
        #expect(pack["sha256"] as? String == sha256 && pack["size"] as? Int == 3_000_000)
        #expect(pack["tags"] as? [String] == ["forest", "level-1"] && pack["policy"] as? String == "prefetch")

        // The draft as `ls --json` prints it, byte for byte.
        let draft = try await session.request("GET", "/admin/draft", token: "ci")
        #expect(draft.status == 200)
        #expect(draft.text == (try Self.listedDraft(server)))

        let patched = try await session.request(
            "PATCH", "/admin/packs/level-1", token: "ci", json: #"{"tags":["forest","boss"],"order":5,"platforms":["ios"]}"#)
        #expect(patched.status == 200, "\(patched.text)")
        let edited = try #require(patched.object)
        #expect(edited["tags"] as? [String] == ["boss", "forest"] && edited["order"] as? Int == 5)
        #expect(edited["platforms"] as? [String] == ["ios"])

        let published = try await session.request("POST", "/admin/publish", token: "ci", json: #"{"note":"from CI"}"#)
        #expect(published.status == 200, "\(published.text)")
        #expect(published.text == #"{"channel":"production","raisedPacks":0,"raisedViews":0,"release":1,"version":1}"#)
        // The watcher takes the release up as it does for the CLI: the uploaded bytes are served.
        server.refresh()
        let served = try await server.client.get("/packs/level-1")
        #expect(served.status == 200 && served.body == FileManager.default.contents(atPath: file))

        let removed = try await session.request("DELETE", "/admin/packs/level-1", token: "ci")
        #expect(removed.status == 204)
        #expect(try await session.request("GET", "/admin/draft", token: "ci").text == "[]")
        let second = try await session.request("POST", "/admin/publish", token: "ci")
        #expect(second.text == #"{"channel":"production","raisedPacks":0,"raisedViews":0,"release":2,"version":2}"#, "\(second.text)")
        let nothing = try await session.request("POST", "/admin/publish", token: "ci")
        #expect(nothing.status == 409 && nothing.headers["content-type"] == "application/problem+json")

        let rolledBack = try await session.request("POST", "/admin/rollback", token: "ci", json: #"{"release":1}"#)
        #expect(rolledBack.text == #"{"channel":"production","raisedPacks":0,"raisedViews":0,"release":3,"version":3}"#, "\(rolledBack.text)")
        #expect(try server.store.releases().map(\.number).contains(3))
        #expect(try await session.request("DELETE", "/admin/packs/level-9", token: "ci").status == 404)
        #expect(try await session.request("GET", "/admin/nothing", token: "ci").status == 404)
        let wrongMethod = try await session.request("POST", "/admin/draft", token: "ci")
        #expect(wrongMethod.status == 405 && wrongMethod.headers["allow"] == "GET, HEAD")
        await server.stop()
    }

    /// Channels and the build map through the admin API (docs/channels.md), and the public list of channels.
    @Test func channelsAndBuildsFromCreateToRemove() async throws {
        let session = try await AdminCaller.start(tokens: ["ci": "upload,publish,read"])
        let server = session.server
        let file = try server.directory.randomFile("level-1.bin", count: 1_000)
        #expect(try await session.upload(file, id: "level-1").status == 201)
        #expect(try await session.request("POST", "/admin/publish", token: "ci").status == 200)

        let created = try await session.request("PUT", "/admin/channels/beta", token: "ci")
        #expect(created.status == 201, "\(created.text)")
        #expect(created.text == #"{"channel":"beta","raisedPacks":0,"raisedViews":0,"release":1,"version":1}"#)
        let hidden = try await session.request("PUT", "/admin/channels/qa", token: "ci", json: #"{"requireCredentials":true}"#)
        #expect(hidden.status == 201)
        let published = try await session.request(
            "POST", "/admin/publish", token: "ci", json: #"{"channel":"beta","minBuild":"1.10","note":"for new builds"}"#)
        #expect(published.text.contains(#""release":2"#) && published.text.contains(#""channel":"beta""#), "\(published.text)")
        #expect(try await session.request("PUT", "/admin/channels/beta", token: "ci", json: #"{"release":1}"#).status == 409)
        #expect(try await session.request("PUT", "/admin/channels/Beta", token: "ci").status == 400)
        #expect(try await session.request("POST", "/admin/publish", token: "ci", json: #"{"minBuild":"abc"}"#).status == 400)
        #expect(try await session.request("POST", "/admin/publish", token: "ci", json: #"{"channel":"nope"}"#).status == 404)

        let listed = try await session.request("GET", "/admin/channels", token: "ci")
        #expect(listed.text == #"[{"name":"production","release":1,"requireCredentials":false,"version":1},{"name":"beta","release":2,"requireCredentials":false,"version":2},{"name":"qa","release":1,"requireCredentials":true,"version":1}]"#, "\(listed.text)")

        #expect(try await session.request("PUT", "/admin/builds/1.10.3", token: "ci", json: #"{"channel":"beta"}"#).status == 200)
        #expect(try await session.request("GET", "/admin/builds", token: "ci").text == #"[{"build":"1.10.3","channel":"beta"}]"#)
        #expect(try await session.request("DELETE", "/admin/channels/beta", token: "ci").status == 409)
        #expect(try await session.request("PUT", "/admin/builds/abc", token: "ci", json: #"{"channel":"beta"}"#).status == 400)

        // The public list: channels that need no credentials, for the catalog page (the remap signed beta
        // again: version 3).
        server.refresh()
        let channels = try await server.client.get("/channels")
        #expect(channels.status == 200 && channels.headers["content-type"] == "application/json")
        #expect(String(decoding: channels.body, as: UTF8.self)
            == #"[{"name":"production","release":1,"version":1},{"name":"beta","release":2,"version":3}]"#)
        await server.stop()
    }

    @Test func tokensAreRefusedWithTheRightStatus() async throws {
        let session = try await AdminCaller.start(tokens: ["ci": "upload,publish,read", "reader": "read", "old": "read"])
        let anonymous = try await session.request("GET", "/admin/draft", token: nil)
        #expect(anonymous.status == 401)
        #expect(anonymous.headers["www-authenticate"]?.hasPrefix("Bearer") == true)
        #expect(anonymous.headers["content-type"] == "application/problem+json")

        #expect(try await session.request("GET", "/admin/draft", token: "old").status == 200)
        try session.server.store.revokeToken(name: "old")
        let revoked = try await session.request("GET", "/admin/draft", token: "old")
        #expect(revoked.status == 401, "a revoked token works until the next request, no longer")
        #expect(revoked.headers["www-authenticate"]?.contains(#"error="invalid_token""#) == true)

        let file = try session.server.directory.randomFile("p.bin", count: 1000)
        let wrongScope = try await session.upload(file, id: "p", token: "reader")
        #expect(wrongScope.status == 403)
        #expect(wrongScope.headers["www-authenticate"]?.contains(#"scope="upload""#) == true)
        #expect(try await session.request("POST", "/admin/publish", token: "reader").status == 403)
        #expect(try await session.request("GET", "/admin/draft", token: "reader").status == 200)
        #expect(try Self.listedDraft(session.server) == "[]")
    }

    /// Five wrong tokens from one address are answered 401; then the address is blocked (429 with
    /// Retry-After, even with a valid token) for 1 s, 2 s, … after each further failure.
    @Test func repeatedFailuresFromOneAddressAreSlowedDown() async throws {
        let session = try await AdminCaller.start(tokens: ["ci": "read"])
        var statuses: [Int] = []
        for attempt in 0..<7 {
            statuses.append(try await session.request("GET", "/admin/draft", token: "pst_guess\(attempt)").status)
        }
        #expect(statuses == [401, 401, 401, 401, 401, 401, 429])
        let blocked = try await session.request("GET", "/admin/draft", token: "ci")
        #expect(blocked.status == 429 && blocked.headers["retry-after"] == "1", "\(blocked.headers)")
        // The throttle reads the server's clock: a second later, not a second of waiting.
        session.server.clock.advance(by: 1)
        #expect(try await session.request("GET", "/admin/draft", token: "ci").status == 200)
    }
}
