import Foundation
import CDNSimulation
import Testing

/// Issue 4, "Done means" 5 (plist half): `packserve plist` parses with Python's plistlib and its numbers
/// match the release and the served manifest.
@Suite struct PlistCommand {
    @Test func plistParsesAndMatchesTheRelease() async throws {
        let store = try StoreWorkspace()
        let kit = try store.directory.directory("kit")
        try Data(repeating: 7, count: 40_000).write(to: URL(fileURLWithPath: "\(kit)/atlas.bin"))
        try Data("hello".utf8).write(to: URL(fileURLWithPath: "\(kit)/readme.txt"))
        let essential = try await store.run(["add", kit, "--id", "kit", "--policy", "essential", "--json"])
        let prefetch = try await store.run([
            "add", try store.randomFile("level.bin", count: 30_000), "--id", "level-1", "--policy", "prefetch", "--json",
        ])
        try await store.run(["add", try store.randomFile("hd.bin", count: 5_000), "--id", "hd"])
        try await store.run(["publish"])
        let essentialSize = try #require(
            (try JSONSerialization.jsonObject(with: Data(essential.stdout.utf8)) as? [String: Any])?["size"] as? Int)
        let prefetchSize = try #require(
            (try JSONSerialization.jsonObject(with: Data(prefetch.stdout.utf8)) as? [String: Any])?["size"] as? Int)
        let server = try await store.serve()
        let jwsBytes = try await StoreResponse.get(server.url("/manifest")).body.count
        #expect(try await server.stop() == 0)

        let plist = try await store.run(["plist"])
        // The test server's publicBaseURL is plain http, which no device would download from.
        #expect(plist.stderr.hasPrefix("warning: publicBaseURL http://127.0.0.1 is not https"), "\(plist)")
        let https = try await store.run(["plist"], environment: ["PACKSERVE_PUBLICBASEURL": "https://127.0.0.1"])
        #expect(https.stderr.isEmpty, "\(https)")
        let work = try TemporaryDirectory("packserve-e2e-plist")
        try Data(plist.stdout.utf8).write(to: URL(fileURLWithPath: work.file("keys.plist")))
        let python = try ExternalTool.path(of: "python3")
        let parsed = try await ChildProcess.run(python, [
            "-c", "import plistlib, json, sys; print(json.dumps(plistlib.load(open(sys.argv[1], 'rb'))))",
            work.file("keys.plist"),
        ])
        let keys = try #require(try JSONSerialization.jsonObject(with: Data(parsed.stdout.text.utf8)) as? [String: Any])
        let initial = try #require(keys["BAInitialDownloadRestrictions"] as? [String: Any])
        #expect(keys["BAManifestURL"] as? String == "http://127.0.0.1/manifest")
        #expect(initial["BADownloadDomainAllowList"] as? [String] == ["127.0.0.1"])
        #expect(initial["BAEssentialDownloadAllowance"] as? Int == essentialSize + jwsBytes)
        #expect(initial["BADownloadAllowance"] as? Int == prefetchSize + jwsBytes)
        // The essential pack is a zip of the directory: installed, it takes its files' unpacked bytes.
        #expect(keys["BAEssentialMaxInstallSize"] as? Int == 40_005)
        #expect(keys["BAMaxInstallSize"] as? Int == 30_000)
    }
}
