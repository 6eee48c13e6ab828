import Foundation
import PackServeTesting
import RawHTTPClient
import Testing

/// Issue 10, "Done means" 4: `/tags?tag=A&tag=B` answers a set of tags at once, as
/// `NSBundleResourceRequest(tags:)` asks: the union of their packs, each once, with the total.
@Suite struct TagSetRequest {
    @Test func unionTotalsAndUnknownTags() async throws {
        let server = try await InProcessPackServe.start()
        try server.addRandom("1", count: 1_000, id: "level-1", tags: ["levels", "forest"])
        try server.addRandom("2", count: 2_000, id: "level-2", tags: ["levels", "desert"])
        try server.addRandom("3", count: 4_000, id: "forest-hd", tags: ["forest", "hd.v2"])
        try server.addRandom("4", count: 8_000, id: "music", tags: ["audio"])
        #expect(try server.publish() == 1)
        let client = server.client

        let union = try await client.get("/tags?tag=levels&tag=forest")
        #expect(union.status == 200 && union.headers["content-type"] == "application/json")
        let document = try #require(union.object)
        #expect(Set(document.keys) == ["tags", "release", "packs", "totalBytes"])
        #expect(document["tags"] as? [String] == ["forest", "levels"])
        #expect(document["release"] as? Int == 1)
        let packs = try #require(document["packs"] as? [[String: Any]])
        #expect(packs.map { $0["id"] as? String } == ["forest-hd", "level-1", "level-2"], "each pack once, by id")
        #expect(document["totalBytes"] as? Int == 1_000 + 2_000 + 4_000)
        // The pack objects are the catalog's (as /tags/{tag} and ls --json give them).
        let singlePacks = try await client.get("/tags/forest").object?["packs"] as? [[String: Any]] ?? []
        #expect(NSArray(array: singlePacks).isEqual(to: packs.filter { ($0["tags"] as? [String])?.contains("forest") == true }))

        // Percent-encoded values are decoded (`%2E` is `.`, `%61` is `a`).
        let encoded = try await client.get("/tags?tag=hd%2Ev2&tag=%61udio").object
        #expect(encoded?["tags"] as? [String] == ["audio", "hd.v2"])
        #expect(encoded?["totalBytes"] as? Int == 12_000)
        // A repeated tag counts once.
        #expect(try await client.get("/tags?tag=audio&tag=audio").object?["totalBytes"] as? Int == 8_000)

        let unknown = try await client.get("/tags?tag=levels&tag=swamp")
        #expect(unknown.status == 404 && unknown.headers["content-type"] == "application/problem+json")
        #expect(unknown.text.contains("swamp"), "the problem names the unknown tag: \(unknown.text)")
        #expect(try await client.get("/tags").status == 400)
        // Sent as written: a URL type would escape the stray `%`.
        let socket = try RawClient(port: server.port)
        try socket.send("GET /tags?tag=%zz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let malformed = String(decoding: socket.readUntilEnd().bytes, as: UTF8.self)
        #expect(malformed.hasPrefix("HTTP/1.1 400 "), "\(malformed.prefix(200))")
        await server.stop()
    }
}
