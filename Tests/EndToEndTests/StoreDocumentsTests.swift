import Foundation
import CDNSimulation
import Testing

/// The JSON surfaces of the store (docs/api.md): `ls --json`, `/tags/{tag}`, `/releases` and
/// `releases --json`, each checked against what the CLI was told.
@Suite struct StoreDocuments {
    @Test func tagsReleasesAndListingsMatchTheContract() async throws {
        let store = try StoreWorkspace()
        let forest = try store.randomFile("forest.zip", count: 12_345)
        let cave = try store.randomFile("cave.bin", count: 6_789)
        try await store.run(["add", forest, "--id", "level-5", "--tag", "forest", "--tag", "level-5",
                             "--policy", "prefetch", "--order", "1"])
        try await store.run(["add", cave, "--id", "cave-2", "--tag", "forest", "--policy", "essential",
                             "--content-type", "model/vnd.usdz+zip"])

        let listing = try await store.run(["ls", "--json"])
        // Sizes are JSON integers (no quotes, no fraction), and the draft has no url yet.
        #expect(listing.stdout.contains("\"size\":12345") && listing.stdout.contains("\"size\":6789"), "\(listing.stdout)")
        #expect(!listing.stdout.contains("\"url\""))
        let packs = try JSONDecoder().decode([StorePackObject].self, from: Data(listing.stdout.utf8))
        let forestSHA = try await ExternalTool.sha256(of: forest)
        let caveSHA = try await ExternalTool.sha256(of: cave)
        #expect(packs == [
            StorePackObject(id: "cave-2", version: 1, url: nil, size: 6_789, sha256: caveSHA, tags: ["forest"],
                            policy: "essential", order: 0, contentType: "model/vnd.usdz+zip"),
            StorePackObject(id: "level-5", version: 1, url: nil, size: 12_345, sha256: forestSHA,
                            tags: ["forest", "level-5"], policy: "prefetch", order: 1, contentType: "application/zip"),
        ])
        try await store.run(["publish", "--note", "two levels"])
        try await store.run(["tag", "cave-2", "--add", "dark"])
        try await store.run(["publish", "--note", "dark cave"])

        let server = try await store.serve()
        let tag = try await StoreResponse.get(server.url("/tags/forest"))
        #expect(tag.status == 200 && tag.headers["content-type"] == "application/json")
        let document = try JSONDecoder().decode(StoreTagDocument.self, from: tag.body)
        #expect(document.tag == "forest" && document.release == 2)
        #expect(document.packs.map(\.id) == ["cave-2", "level-5"], "a tag spanning two packs, sorted by id")
        #expect(document.totalBytes == 12_345 + 6_789)
        let released = try await store.run(["ls", "--json", "--release", "2", "--tag", "forest"])
        #expect(try JSONDecoder().decode([StorePackObject].self, from: Data(released.stdout.utf8)) == document.packs)
        #expect(document.packs.allSatisfy { $0.url == "http://127.0.0.1/blobs/sha256/\($0.sha256)" })

        #expect(try await StoreResponse.get(server.url("/tags/dark")).status == 200)
        let unknown = try await StoreResponse.get(server.url("/tags/desert"))
        #expect(unknown.status == 404 && unknown.headers["content-type"] == "application/problem+json")

        let releases = try await StoreResponse.get(server.url("/releases"))
        let history = try await store.run(["releases", "--json"])
        #expect(releases.status == 200)
        #expect(releases.text == history.stdout.trimmingCharacters(in: .newlines), "GET /releases differs from releases --json")
        let items = try JSONSerialization.jsonObject(with: releases.body) as? [[String: Any]] ?? []
        // Every release names its channel (docs/channels.md); `builds` only when it states a range.
        #expect(items.map { Set($0.keys) } == Array(repeating: ["release", "createdAt", "note", "packs", "totalBytes", "channel"], count: 2))
        #expect(items.map { $0["channel"] as? String } == ["production", "production"])
        #expect(items.map { $0["note"] as? String } == ["two levels", "dark cave"])

        // Another Host than the allowed ones gets no content, only the problem naming it.
        let misdirected = try await StoreResponse.get(server.url("/tags/forest"), curlArguments: ["-H", "Host: evil.example"])
        let problem = try JSONSerialization.jsonObject(with: misdirected.body) as? [String: Any]
        #expect(misdirected.status == 421 && problem?["host"] as? String == "evil.example", "\(misdirected.text)")
        #expect(!misdirected.text.contains("forest"), "no content of the route")
        #expect(try await server.stop() == 0, "\(server.child.stderr.lines.suffix(3))")
    }
}
