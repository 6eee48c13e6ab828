import Foundation
import CDNSimulation
import Testing

/// Issue 10, "Done means" 3: `plist --managed` parsed by Python's plistlib, and Apple's asset-pack
/// identifiers accepted (and malformed ones refused) by the real CLI.
@Suite struct ManagedPlistAndIdentifiers {
    @Test func managedPlistParsesWithPlistlib() async throws {
        let store = try StoreWorkspace()
        try await store.run(["add", try store.randomFile("e.aar", count: 4_000), "--id", "Tutorial", "--policy", "essential"])
        try await store.run(["add", try store.randomFile("p.aar", count: 6_000), "--id", "level-1", "--policy", "prefetch"])
        try await store.run(["add", try store.randomFile("o.aar", count: 9_000), "--id", "hd"])
        try await store.run(["publish"])
        let server = try await store.serve()
        let manifestBytes = try await StoreResponse.get(server.url("/download-manifest.json")).body.count
        #expect(try await server.stop() == 0)

        let plist = try await store.run(["plist", "--managed", "--app-group", "group.com.example.game"])
        #expect(plist.stderr.contains("not https"), "an http manifest URL is worth a warning")
        let keys = try await Self.parse(plist.stdout)
        #expect(Set(keys.keys) == ["BAHasManagedAssetPacks", "BAUsesAppleHosting", "BAAppGroupID", "BAManifestURL",
                                   "BAInitialDownloadRestrictions"])
        #expect(keys["BAHasManagedAssetPacks"] as? Bool == true)
        #expect(keys["BAUsesAppleHosting"] as? Bool == false)
        #expect(keys["BAAppGroupID"] as? String == "group.com.example.game")
        #expect(keys["BAManifestURL"] as? String == "http://127.0.0.1/download-manifest.json")
        let initial = try #require(keys["BAInitialDownloadRestrictions"] as? [String: Any])
        #expect(initial["BAEssentialDownloadAllowance"] as? Int == 4_000 + manifestBytes)
        #expect(initial["BADownloadAllowance"] as? Int == 6_000 + manifestBytes)
        #expect(initial["BADownloadDomainAllowList"] as? [String] == ["127.0.0.1"])

        // Python's plistlib must read the booleans as booleans (<true/>, <false/>), not numbers.
        #expect(plist.stdout.contains("<true/>") && plist.stdout.contains("<false/>"))
        let refused = try await store.attempt(["plist", "--app-group", "group.x"])
        #expect(refused.status != 0 && refused.stderr.split(separator: "\n").count == 1)

        // Per build: Xcode fills in the build, so each build's devices read the release made for it.
        let perBuild = try await Self.parse(try await store.run(["plist", "--managed", "--per-build"]).stdout)
        #expect(perBuild["BAManifestURL"] as? String == "http://127.0.0.1/builds/$(CURRENT_PROJECT_VERSION)/download-manifest.json")
    }

    /// plistlib's reading of an XML plist, as JSON.
    static func parse(_ xml: String) async throws -> [String: Any] {
        let work = try TemporaryDirectory("packserve-e2e-plist")
        try Data(xml.utf8).write(to: URL(fileURLWithPath: work.file("keys.plist")))
        let parsed = try await ChildProcess.run(try ExternalTool.path(of: "python3"), [
            "-c", "import plistlib, json, sys; print(json.dumps(plistlib.load(open(sys.argv[1], 'rb'))))",
            work.file("keys.plist"),
        ])
        return try #require(try JSONSerialization.jsonObject(with: Data(parsed.stdout.text.utf8)) as? [String: Any])
    }

    @Test func appleIdentifiersAreAcceptedAndMalformedOnesRefused() async throws {
        let store = try StoreWorkspace()
        let file = try store.randomFile("x.aar", count: 100)
        let longest = String(repeating: "a", count: 127) + "Z"
        for id in ["Tutorial", "com.example.game.level-1", "Level.2-B", "0", longest] {
            try await store.run(["add", file, "--id", id])
        }
        for id in [".leading-dot", "-leading-dash", longest + "x", "under_score", "with space", "é"] {
            let refused = try await store.attempt(["add", file, "--id=\(id)"])  // `=`: "-x" is a value, not an option
            #expect(refused.status != 0, "\(id) was accepted")
            #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused)")
            #expect(refused.stderr.contains("invalid pack id"), "\(refused)")
        }
        // Case-sensitive: `tutorial` is another pack than `Tutorial`.
        try await store.run(["add", file, "--id", "tutorial"])
        let listing = try await store.run(["ls", "--json"])
        let ids = (try JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(ids == ["0", "Level.2-B", "Tutorial", longest, "com.example.game.level-1", "tutorial"])
        // check agrees with add: every id add accepted passes the App Store id rule.
        let check = try await store.attempt(["check"])
        #expect(!check.stdout.contains("would be rejected"), "\(check)")
    }
}
