import Foundation
import CDNSimulation
import Testing

/// Issue 34, "Done means" 1 and 3, with the real binary (docs/channels.md): channels from the command line
/// (create, publish to one channel, promote forward only, rollback to a new release), each channel's view
/// served by `serve` with a manifest `verify --channel` accepts for its own channel and refuses for the other;
/// then releases for old and new app builds, read through `/builds/{b}/…` by curl.
@Suite struct ChannelCommands {
    @Test func aChannelsManifestIsValidForItAndRefusedForAnother() async throws {
        let store = try StoreWorkspace()
        try await store.run(["add", try store.randomFile("a.bin", count: 2_000), "--id", "a"])
        try await store.run(["publish"])
        #expect(try await store.run(["channel", "create", "beta"]).lines == ["channel beta created at release 1 (manifest version 1)"])
        try await store.run(["add", try store.randomFile("b.bin", count: 3_000), "--id", "b"])
        let published = try await store.run(["publish", "--channel", "beta", "--min-build", "1.10"])
        #expect(published.lines.first == "release 2 published to beta (manifest version 2, 2 packs, 5000 bytes, builds ≥ 1.10)", "\(published)")

        let older = try await store.attempt(["promote", "1", "--channel", "beta"])
        #expect(older.status != 0 && older.stderr.split(separator: "\n").count == 1, "\(older)")
        #expect(older.stderr.contains("cannot promote beta to release 1: it points at release 2"), "\(older)")
        let rolled = try await store.run(["rollback", "1", "--channel", "beta"])
        #expect(rolled.lines.first?.hasPrefix("release 3 published to beta (manifest version 3, content of release 1") == true, "\(rolled)")
        #expect(try await store.run(["channels"]).stdout.contains("beta"))

        let key = store.directory.file("manifest-signing.pub")
        try await store.run(["key", "--out", key])
        let server = try await store.serveAtItsPublicURL()
        try await server.awaitView("/channels/beta", release: 3)
        try await server.awaitRelease(1)
        for (channel, view) in [("production", ""), ("beta", "/channels/beta")] {
            let url = server.url("\(view)/manifest")
            let accepted = try await store.run(["verify", url, "--key", key, "--channel", channel])
            #expect(accepted.stdout.hasPrefix("manifest version "), "\(accepted)")
            let other = channel == "beta" ? "production" : "beta"
            let refused = try await store.attempt(["verify", url, "--key", key, "--channel", other])
            #expect(refused.status != 0, "\(refused)")
            #expect(refused.stdout.contains("the manifest is signed for channel \(channel), not \(other)"), "\(refused)")
        }
        #expect(try await server.stop() == 0)
        #expect(try await store.attempt(["publish", "--min-build", "2", "--max-build", "1.9"]).stderr
            == "Error: the minimum build 2 is above the maximum 1.9: no build would read the release\n")
    }

    /// "Done means" 3: release 1 for builds up to 1.9, release 2 from 1.10, then a hotfix for the old builds.
    @Test func eachBuildReadsTheNewestReleaseMadeForIt() async throws {
        let store = try StoreWorkspace()
        try await store.run(["add", try store.randomFile("a.bin", count: 2_000), "--id", "level-1"])
        try await store.run(["publish", "--max-build", "1.9"])
        try await store.run(["add", try store.randomFile("b.bin", count: 3_000), "--id", "level-1"])
        try await store.run(["publish", "--min-build", "1.10"])
        let server = try await store.serveAtItsPublicURL()
        try await server.awaitView("/builds/1.10", release: 2)
        for (build, release) in [("1.9.3", 1), ("1.10", 2), ("0.5", 1)] {
            let payload = try await Self.payload(server, "/builds/\(build)/manifest.json")
            #expect(payload["release"] as? Int == release, "build \(build)")
        }
        let malformed = try await StoreResponse.get(server.url("/builds/abc/manifest"))
        #expect(malformed.status == 400 && malformed.text.contains("'abc' is not a build"), "\(malformed.text)")

        try await store.run(["add", try store.randomFile("c.bin", count: 4_000), "--id", "level-1"])
        let hotfix = try await store.run(["publish", "--max-build", "1.9"])
        #expect(hotfix.stdout.contains("raised"), "the 1.10 builds' level-1 rises above the hotfix's: \(hotfix.stdout)")
        try await server.awaitView("/builds/1.9", release: 3)
        let old = try await Self.appleVersion(of: "level-1", server, "/builds/1.9")
        let new = try await Self.appleVersion(of: "level-1", server, "/builds/1.10")
        #expect(new >= old, "a device updating from 1.9 to 1.10 must not see level-1's version fall (\(old) → \(new))")
        #expect(try await server.stop() == 0)
    }

    static func payload(_ server: RunningPackServe, _ path: String) async throws -> [String: Any] {
        let response = try await StoreResponse.get(server.url(path))
        return try #require(try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any], "\(path)")
    }

    /// Pack `id`'s Apple version in the download manifest of the view under `prefix`.
    static func appleVersion(of id: String, _ server: RunningPackServe, _ prefix: String) async throws -> Int {
        let document = try await payload(server, "\(prefix)/download-manifest.json")
        let packs = try #require(document["assetPacks"] as? [[String: Any]])
        return try #require(packs.first { $0["id"] as? String == id }?["version"] as? Int)
    }
}
