import Foundation
import Testing

extension EndToEnd {
    /// Issue 10, "Done means" 2 and 3: the download manifest served by the real binary, field by field; its
    /// sizes against the bytes each URL serves; versions of unchanged packs across publishes; conditional
    /// GET; platform variants and installation events as `set` left them.
    @Suite struct DownloadManifest {
        @Test func documentMatchesTheContractFieldByField() async throws {
            let store = try StoreWorkspace()
            try await store.run(["add", try store.randomFile("a.aar", count: 3_000), "--id", "Tutorial",
                                 "--policy", "essential", "--tag", "core"])
            try await store.run(["add", try store.randomFile("b.aar", count: 5_000), "--id", "level-1",
                                 "--policy", "prefetch", "--tag", "levels", "--tag", "forest"])
            try await store.run(["add", try store.randomFile("c.aar", count: 7_000), "--id", "hd"])
            try await store.run(["set", "level-1", "--installation-events", "subsequentUpdate"])
            try await store.run(["publish"])
            let server = try await store.serveAtItsPublicURL()
            try await server.awaitRelease(1)
            let base = server.url("")

            let response = try await StoreResponse.get(server.url("/download-manifest.json"))
            #expect(response.status == 200 && response.headers["content-type"] == "application/json")
            let root = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
            #expect(Set(root.keys) == ["assetPacks"])
            let packs = try #require(root["assetPacks"] as? [[String: Any]])
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
                let served = try await StoreResponse.get(url)
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
            #expect(response.text.hasPrefix("{\"assetPacks\":[{\"downloadPolicy\":{\"essential\":{\"installationEventTypes\":[\"firstInstallation\",\"subsequentUpdate\"]}},\"downloadSize\":3000,\"host\":{\"thirdParty\":{}},\"id\":\"Tutorial\",\"url\":\"http://127.0.0.1:"))
            #expect(!response.text.contains("\\/") && !response.text.contains(" "))

            // Conditional GET: the same ETag, 304 on If-None-Match.
            let etag = try #require(response.headers["etag"])
            let revalidated = try await StoreResponse.get(server.url("/download-manifest.json"), curlArguments: ["-H", "If-None-Match: \(etag)"])
            #expect(revalidated.status == 304 && revalidated.body.isEmpty)
            // /manifest with a platform is the download manifest; without one it stays the signed JWS.
            let viaManifest = try await StoreResponse.get(server.url("/manifest?platform=ios"))
            #expect(viaManifest.status == 200 && viaManifest.body == response.body)
            let jws = try await StoreResponse.get(server.url("/manifest"))
            #expect(jws.headers["content-type"] == "application/jwt")

            // An unchanged pack keeps its version across publishes; a changed one rises.
            try await store.run(["add", try store.randomFile("c2.aar", count: 7_001), "--id", "hd"])
            try await store.run(["tag", "Tutorial", "--add", "intro"])
            try await store.run(["publish"])
            try await server.awaitRelease(2)
            let second = try JSONDecoder().decode(ManagedManifest.self, from: try await StoreResponse.get(server.url("/download-manifest.json")).body)
            #expect(second.assetPacks.map(\.version) == [1, 2, 1], "only hd's bytes changed; a new tag is not an update")
            #expect(second.assetPacks.allSatisfy { $0.userInfo.release == 2 })
            let changed = try await StoreResponse.get(server.url("/download-manifest.json"), curlArguments: ["-H", "If-None-Match: \(etag)"])
            #expect(changed.status == 200 && changed.headers["etag"] != etag)
            #expect(try await server.stop() == 0)
        }

        /// Issue 10, "Done means" 5: the download manifest is encoded once, at publish, with the publisher's
        /// base URL and URL style, and a server with those settings sends the stored bytes as they are; a
        /// server configured with another base URL encodes its own rather than serve the publisher's URLs.
        @Test func encodedAtPublishAndReencodedOnlyForOtherSettings() async throws {
            let store = try StoreWorkspace()
            try await store.run(["add", try store.randomFile("a.aar", count: 2_000), "--id", "a"])
            let port = try await FreePorts.pick(1)[0]
            let settings = ["PACKSERVE_LISTEN_PORT": "\(port)", "PACKSERVE_PUBLICBASEURL": "http://127.0.0.1:\(port)"]
            try await store.run(["publish"], environment: settings)
            let encodingHere = "has no download manifest stored"

            let same = try await store.serve(environment: settings)
            try await same.awaitRelease(1)
            let stored = try JSONDecoder().decode(
                ManagedManifest.self, from: try await StoreResponse.get(same.url("/download-manifest.json")).body)
            #expect(stored.assetPacks.map(\.url) == [same.url("/blobs/sha256/") + stored.assetPacks[0].userInfo.sha256])
            #expect(same.logLines(containing: encodingHere).isEmpty, "the stored bytes are sent as they are")
            #expect(try await same.stop() == 0)

            let other = try await store.serveAtItsPublicURL()
            try await other.awaitRelease(1)
            let encoded = try JSONDecoder().decode(
                ManagedManifest.self, from: try await StoreResponse.get(other.url("/download-manifest.json")).body)
            #expect(other.port != port && encoded.assetPacks.map(\.url) == [other.url("/blobs/sha256/") + encoded.assetPacks[0].userInfo.sha256])
            #expect(other.logLines(containing: encodingHere).count == 1)
            #expect(try await other.stop() == 0)
        }

        @Test func platformsAndInstallationEventsShapeTheVariants() async throws {
            let store = try StoreWorkspace()
            for id in ["everywhere", "phone", "desk"] {
                try await store.run(["add", try store.randomFile("\(id).aar", count: 1_000), "--id", id, "--policy", "prefetch"])
            }
            try await store.run(["set", "phone", "--platform", "ios"])
            try await store.run(["set", "desk", "--platform", "macOS", "--platform", "visionos"])
            let listing = try await store.run(["ls", "--json"])
            let draft = try JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as? [[String: Any]] ?? []
            #expect(draft.map { $0["platforms"] as? [String] } == [["macos", "visionos"], [], ["ios"]])
            try await store.run(["publish"])
            let server = try await store.serveAtItsPublicURL()
            try await server.awaitRelease(1)

            func ids(_ query: String) async throws -> [String] {
                let response = try await StoreResponse.get(server.url("/download-manifest.json\(query)"))
                guard response.status == 200 else { throw EndToEndFailure("\(query): \(response.status) \(response.text)") }
                return try JSONDecoder().decode(ManagedManifest.self, from: response.body).assetPacks.map(\.id)
            }
            #expect(try await ids("") == ["desk", "everywhere", "phone"])
            #expect(try await ids("?platform=ios") == ["everywhere", "phone"])
            #expect(try await ids("?platform=iOS") == ["everywhere", "phone"], "case-insensitive")
            #expect(try await ids("?platform=macos") == ["desk", "everywhere"])
            #expect(try await ids("?platform=visionos") == ["desk", "everywhere"])
            #expect(try await ids("?platform=tvos") == ["everywhere"])
            let viaManifest = try await StoreResponse.get(server.url("/manifest?platform=tvOS"))
            #expect(try JSONDecoder().decode(ManagedManifest.self, from: viaManifest.body).assetPacks.map(\.id) == ["everywhere"])
            // A platform PackServe does not know gets every pack (issue 21), never a 400.
            #expect(try await ids("?platform=ipados") == ["desk", "everywhere", "phone"])
            let unknownViaManifest = try await StoreResponse.get(server.url("/manifest?platform=xros"))
            #expect(try JSONDecoder().decode(ManagedManifest.self, from: unknownViaManifest.body).assetPacks.count == 3)
            let variants = try await [StoreResponse.get(server.url("/download-manifest.json?platform=ios")),
                                      StoreResponse.get(server.url("/download-manifest.json?platform=macos"))]
            #expect(variants[0].headers["etag"] != variants[1].headers["etag"], "each variant has its own ETag")
            #expect(try await server.stop() == 0)

            // --platform all clears; refusals are one line and a non-zero exit.
            try await store.run(["set", "desk", "--platform", "all"])
            #expect(try await store.run(["ls", "--json"]).stdout.contains("\"id\":\"desk\",\"installationEventTypes\":[\"firstInstallation\",\"subsequentUpdate\"],\"order\":0,\"platforms\":[]"))
            for arguments in [["--platform", "android"], ["--installation-events", "launch"],
                              ["--installation-events", "firstInstallation,"], ["--platform", "all", "--platform", "ios"]] {
                let refused = try await store.attempt(["set", "desk"] + arguments)
                #expect(refused.status != 0 && refused.stderr.split(separator: "\n").count == 1, "\(refused)")
            }
            let events = try await store.run(["set", "desk", "--installation-events", "firstInstallation"])
            #expect(events.stdout.contains("installation events firstInstallation"))
        }
    }
}
