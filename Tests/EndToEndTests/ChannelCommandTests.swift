import Foundation
import CDNSimulation
import Testing

/// Channels from the command line, with the real binary (docs/channels.md): create, publish to one channel,
/// promote forward only, rollback to a new release; each channel's manifest is valid for it and refused for
/// the other by `verify --channel`. The manifests are read from the index into files: serving the views over
/// HTTP comes with the server half of issue 34.
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
        for channel in ["production", "beta"] {
            let file = store.directory.file("\(channel).jws")
            try await Self.writeNewestManifest(of: channel, from: store, to: file)
            let accepted = try await store.run(["verify", file, "--key", key, "--channel", channel])
            #expect(accepted.stdout.hasPrefix("manifest version "), "\(accepted)")
            let other = channel == "beta" ? "production" : "beta"
            let refused = try await store.attempt(["verify", file, "--key", key, "--channel", other])
            #expect(refused.status != 0, "\(refused)")
            #expect(refused.stdout.contains("the manifest is signed for channel \(channel), not \(other)"), "\(refused)")
        }
        #expect(try await store.attempt(["publish", "--min-build", "2", "--max-build", "1.9"]).stderr
            == "Error: the minimum build 2 is above the maximum 1.9: no build would read the release\n")
    }

    /// The compact JWS of the channel's newest signing, as the index keeps it.
    static func writeNewestManifest(of channel: String, from store: StoreWorkspace, to file: String) async throws {
        let script = """
            import sqlite3, sys
            c = sqlite3.connect(sys.argv[1])
            jws = c.execute("SELECT compactJWS FROM channelManifest WHERE channel = ? ORDER BY version DESC LIMIT 1", (sys.argv[2],)).fetchone()[0]
            open(sys.argv[3], "w").write(jws)
            """
        try await ChildProcess.run(
            try ExternalTool.path(of: "python3"), ["-c", script, "\(store.dataDirectory)/index.sqlite", channel, file])
    }
}
