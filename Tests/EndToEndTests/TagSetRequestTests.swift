import Foundation
import Testing

extension EndToEnd {
    /// Issue 10, "Done means" 4: `/tags?tag=A&tag=B` answers a set of tags at once, as
    /// `NSBundleResourceRequest(tags:)` asks: the union of their packs, each once, with the total.
    @Suite struct TagSetRequest {
        @Test func unionTotalsAndUnknownTags() async throws {
            let store = try StoreWorkspace()
            try await store.run(["add", try store.randomFile("1", count: 1_000), "--id", "level-1", "--tag", "levels", "--tag", "forest"])
            try await store.run(["add", try store.randomFile("2", count: 2_000), "--id", "level-2", "--tag", "levels", "--tag", "desert"])
            try await store.run(["add", try store.randomFile("3", count: 4_000), "--id", "forest-hd", "--tag", "forest", "--tag", "hd.v2"])
            try await store.run(["add", try store.randomFile("4", count: 8_000), "--id", "music", "--tag", "audio"])
            try await store.run(["publish"])
            let server = try await store.serve()
            try await server.awaitRelease(1)

            let union = try await StoreResponse.get(server.url("/tags?tag=levels&tag=forest"))
            #expect(union.status == 200 && union.headers["content-type"] == "application/json")
            let document = try #require(try JSONSerialization.jsonObject(with: union.body) as? [String: Any])
            #expect(Set(document.keys) == ["tags", "release", "packs", "totalBytes"])
            #expect(document["tags"] as? [String] == ["forest", "levels"])
            #expect(document["release"] as? Int == 1)
            let packs = try #require(document["packs"] as? [[String: Any]])
            #expect(packs.map { $0["id"] as? String } == ["forest-hd", "level-1", "level-2"], "each pack once, by id")
            #expect(document["totalBytes"] as? Int == 1_000 + 2_000 + 4_000)
            // The pack objects are the catalog's (as /tags/{tag} and ls --json give them).
            let single = try JSONSerialization.jsonObject(with: try await StoreResponse.get(server.url("/tags/forest")).body) as? [String: Any]
            let singlePacks = single?["packs"] as? [[String: Any]] ?? []
            #expect(NSArray(array: singlePacks).isEqual(to: packs.filter { ($0["tags"] as? [String])?.contains("forest") == true }))

            // Percent-encoded values are decoded (`%2E` is `.`, `%61` is `a`).
            let encoded = try await StoreResponse.get(server.url("/tags?tag=hd%2Ev2&tag=%61udio"))
            let encodedDocument = try JSONSerialization.jsonObject(with: encoded.body) as? [String: Any]
            #expect(encodedDocument?["tags"] as? [String] == ["audio", "hd.v2"])
            #expect(encodedDocument?["totalBytes"] as? Int == 12_000)
            // A repeated tag counts once.
            let repeated = try JSONSerialization.jsonObject(with: try await StoreResponse.get(server.url("/tags?tag=audio&tag=audio")).body) as? [String: Any]
            #expect(repeated?["totalBytes"] as? Int == 8_000)

            let unknown = try await StoreResponse.get(server.url("/tags?tag=levels&tag=swamp"))
            #expect(unknown.status == 404 && unknown.headers["content-type"] == "application/problem+json")
            #expect(unknown.text.contains("swamp"), "the problem names the unknown tag: \(unknown.text)")
            #expect(try await StoreResponse.get(server.url("/tags")).status == 400)
            #expect(try await StoreResponse.get(server.url("/tags?tag=%zz")).status == 400)
            #expect(try await server.stop() == 0)
        }
    }
}
