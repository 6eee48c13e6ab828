import Foundation
import CDNSimulation
import Polling
import Testing

extension EndToEnd.CDN {
    /// Issue 34, "Done means" 4, through real Varnish with `cache.purge` pointing at it and s-maxage 60 s, so that
    /// only a purge explains a fresh answer: publishing to beta purges beta's keys and not production's (and the
    /// other way round), and a client looping on both channels never gets a document of the other channel.
    @Test func throughVarnishEachChannelIsPurgedAloneAndNeverSeesTheOther() async throws {
        let store = try StoreWorkspace()
        try await store.run(["add", try store.randomFile("v0.bin", count: 4_096), "--id", "hot", "--tag", "levels"])
        try await store.run(["publish"])
        let stack = try await CDNStack(.varnish, store: store, sharedMaxAgeSeconds: 60)
        try await store.run(["channel", "create", "beta"])
        try await stack.origin.awaitView("/channels/beta", release: 1)

        let stopFile = store.directory.file("stop-channel-loop")
        let client = try ChildProcess(
            try ExternalTool.path(of: "python3"), [ChannelLoopScript.script, String(stack.cache.port), stopFile])
        defer { _ = FileManager.default.createFile(atPath: stopFile, contents: nil) }
        // The client has filled the cache with both channels' documents.
        #expect(try await Poll.until(within: .seconds(10)) {
            !stack.originRequests("/channels/beta/tags/levels").isEmpty && !stack.originRequests("/tags/levels").isEmpty
        }, "\(stack.diagnostics)")

        var release = 1
        for (round, channel) in ["beta", "production", "beta", "production"].enumerated() {
            let (purged, kept) = channel == "beta" ? ("/channels/beta", "") : ("", "/channels/beta")
            let keptBefore = stack.originRequests("\(kept)/manifest.json").count
            let tagsBefore = stack.originRequests("\(purged)/tags/levels").count
            try await store.run(["add", try store.randomFile("v\(round + 1).bin", count: 4_096), "--id", "hot", "--tag", "levels"])
            try await store.run(["publish", "--channel", channel])
            release += 1
            // The purge reaches Varnish at once: the channel's new release is what the cache serves within seconds.
            let fresh = try await StoreResponse.await(stack.cache.url("\(purged)/manifest.json"), within: .seconds(5)) {
                (try? JSONSerialization.jsonObject(with: $0.body) as? [String: Any])?["release"] as? Int == release
            }
            #expect(fresh.satisfied, "\(channel) still answers \(fresh.response.text.prefix(120)) after the publish\n\(stack.diagnostics)")
            // The client went round once more since: its tag document was purged too, so it asked the origin.
            #expect(try await Poll.until(within: .seconds(10)) {
                stack.originRequests("\(purged)/tags/levels").count > tagsBefore
            }, "the client did not fetch \(channel)'s tags again\n\(stack.diagnostics)")
            // The other channel's documents stayed in the cache: the origin was not asked for them again.
            let other = try await StoreResponse.get(stack.cache.url("\(kept)/manifest.json"))
            #expect(other.status == 200)
            #expect(stack.originRequests("\(kept)/manifest.json").count == keptBefore,
                    "publishing to \(channel) purged the other channel's manifest\n\(stack.diagnostics)")
        }
        _ = FileManager.default.createFile(atPath: stopFile, contents: nil)
        #expect(try await client.exitStatus(within: .seconds(30)) == 0, "\(client.stdout.text)\(client.stderr.text)")
        let line = client.stdout.lines.last ?? ""
        #expect(line.hasPrefix("OK "), "\(client.stdout.text)\(client.stderr.text)")
        let seen = ChannelLoopScript.releases(in: line)
        // Releases 2 and 4 went to beta, 3 and 5 to production; beta began at production's release 1.
        let ownReleases = ["production": Set([1, 3, 5]), "beta": Set([1, 2, 4])]
        for (key, releases) in seen {
            let channel = key.hasSuffix("-tags") ? String(key.dropLast(5)) : key
            #expect(Set(releases).isSubset(of: ownReleases[channel] ?? []), "\(key) named releases \(releases)")
        }
        #expect(seen["beta"]?.contains(4) == true && seen["production"]?.contains(5) == true, "\(line)")
        print("varnish with two channels: \(line)")
    }
}
