import Foundation
import PackServeTesting
import PackStore
import Testing

/// Issue 10, "Done means" 2 and 3: the download manifest, field by field; its sizes against the bytes each
/// URL serves; versions of unchanged packs across publishes; conditional GET; platform variants and
/// installation events as `set` left them.
@Suite struct DownloadManifest {
    /// The packs of a download manifest.
    static func packs(_ response: TestResponse) throws -> [[String: Any]] {
        try #require(response.object?["assetPacks"] as? [[String: Any]], "\(response.status) \(response.text)")
    }

    @Test func documentMatchesTheContractFieldByField() async throws {
        let server = try await InProcessPackServe.start()
        try server.addRandom("a.aar", count: 3_000, id: "Tutorial", tags: ["core"], policy: .essential)
        try server.addRandom("b.aar", count: 5_000, id: "level-1", tags: ["levels", "forest"], policy: .prefetch)
        try server.addRandom("c.aar", count: 7_000, id: "hd")
        try server.store.set(id: "level-1", installationEvents: [.subsequentUpdate])
        try server.publish()
        let client = server.client
        // The configured publicBaseURL (config.json's), which the manifest's URLs start with.
        let base = server.application.configuration.publicBaseURL

        let response = try await client.get("/download-manifest.json")
        #expect(response.status == 200 && response.headers["content-type"] == "application/json")
        let root = try #require(response.object)
        #expect(Set(root.keys) == ["assetPacks"])
        let packs = try Self.packs(response)
        #expect(packs.map { $0["id"] as? String } == ["Tutorial", "hd", "level-1"])
        for pack in packs {
            #expect(Set(pack.keys) == ["id", "url", "version", "downloadSize", "downloadPolicy", "host", "userInfo"])
            let id = try #require(pack["id"] as? String)
            let url = try #require(pack["url"] as? String)
            let userInfo = try #require(pack["userInfo"] as? [String: Any])
            #expect(Set(userInfo.keys) == ["sha256", "tags", "release"])
            let sha256 = try #require(userInfo["sha256"] as? String)
            #expect(url == "\(base)/blobs/sha256/\(sha256)", "manifest.packURLs is blobs by default")
            #expect(pack["version"] as? Int == 1)
            #expect(userInfo["release"] as? Int == 1)
            #expect((pack["host"] as? [String: Any]).map { Set($0.keys) } == ["thirdParty"])
            #expect((pack["host"] as? [String: Any])?["thirdParty"] as? [String: Any] != nil)
            // downloadSize is exactly what the URL serves.
            let served = try await client.get(String(url.dropFirst(base.count)))
            #expect(served.status == 200 && pack["downloadSize"] as? Int == served.body.count, "\(id)")
            #expect(served.entityTagValue == sha256)
            let policy = try #require(pack["downloadPolicy"] as? [String: Any])
            switch id {
            case "Tutorial":
                #expect((policy["essential"] as? [String: Any])?["installationEventTypes"] as? [String]
                        == ["firstInstallation", "subsequentUpdate"])
                #expect(userInfo["tags"] as? [String] == ["core"])
            case "level-1":
                #expect(Set(policy.keys) == ["prefetch"])
                #expect((policy["prefetch"] as? [String: Any])?["installationEventTypes"] as? [String] == ["subsequentUpdate"])
                #expect(userInfo["tags"] as? [String] == ["forest", "levels"])
            default:
                #expect(Set(policy.keys) == ["onDemand"] && (policy["onDemand"] as? [String: Any])?.isEmpty == true)
            }
        }
        // Canonical bytes: sorted keys, no whitespace, no `\/`.
        #expect(response.text.hasPrefix("{\"assetPacks\":[{\"downloadPolicy\":{\"essential\":{\"installationEventTypes\":[\"firstInstallation\",\"subsequentUpdate\"]}},\"downloadSize\":3000,\"host\":{\"thirdParty\":{}},\"id\":\"Tutorial\",\"url\":\"\(base)/blobs/sha256/"))
        #expect(!response.text.contains("\\/") && !response.text.contains(" "))

        // Conditional GET: the same ETag, 304 on If-None-Match.
        let etag = try #require(response.headers["etag"])
        let revalidated = try await client.get("/download-manifest.json", headers: [("If-None-Match", etag)])
        #expect(revalidated.status == 304 && revalidated.body.isEmpty)
        // /manifest with a platform is the download manifest; without one it stays the signed JWS.
        let viaManifest = try await client.get("/manifest?platform=ios")
        #expect(viaManifest.status == 200 && viaManifest.body == response.body)
        #expect(try await client.get("/manifest").headers["content-type"] == "application/jwt")

        // An unchanged pack keeps its version across publishes; a changed one rises.
        try server.addRandom("c2.aar", count: 7_001, id: "hd")
        _ = try server.store.tag(id: "Tutorial", add: ["intro"], remove: [])
        #expect(try server.publish() == 2)
        let second = try Self.packs(try await client.get("/download-manifest.json"))
        #expect(second.map { $0["version"] as? Int } == [1, 2, 1], "only hd's bytes changed; a new tag is not an update")
        #expect(second.allSatisfy { ($0["userInfo"] as? [String: Any])?["release"] as? Int == 2 })
        let changed = try await client.get("/download-manifest.json", headers: [("If-None-Match", etag)])
        #expect(changed.status == 200 && changed.headers["etag"] != etag)
        await server.stop()
    }

    @Test func platformsAndInstallationEventsShapeTheVariants() async throws {
        let server = try await InProcessPackServe.start()
        for id in ["everywhere", "phone", "desk"] {
            try server.addRandom("\(id).aar", count: 1_000, id: id, policy: .prefetch)
        }
        try server.store.set(id: "phone", platforms: [.iOS])
        try server.store.set(id: "desk", platforms: [.macOS, .visionOS])
        try server.publish()

        func ids(_ query: String) async throws -> [String] {
            try Self.packs(try await server.client.get("/download-manifest.json\(query)")).compactMap { $0["id"] as? String }
        }
        #expect(try await ids("") == ["desk", "everywhere", "phone"])
        #expect(try await ids("?platform=ios") == ["everywhere", "phone"])
        #expect(try await ids("?platform=iOS") == ["everywhere", "phone"], "case-insensitive")
        #expect(try await ids("?platform=macos") == ["desk", "everywhere"])
        #expect(try await ids("?platform=visionos") == ["desk", "everywhere"])
        #expect(try await ids("?platform=tvos") == ["everywhere"])
        let viaManifest = try await server.client.get("/manifest?platform=tvOS")
        #expect(try Self.packs(viaManifest).map { $0["id"] as? String } == ["everywhere"])
        // A platform PackServe does not know gets every pack (issue 21), never a 400.
        #expect(try await ids("?platform=ipados") == ["desk", "everywhere", "phone"])
        #expect(try Self.packs(try await server.client.get("/manifest?platform=xros")).count == 3)
        let ios = try await server.client.get("/download-manifest.json?platform=ios")
        let macos = try await server.client.get("/download-manifest.json?platform=macos")
        #expect(ios.headers["etag"] != macos.headers["etag"], "each variant has its own ETag")
        await server.stop()
    }
}
