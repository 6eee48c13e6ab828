import Foundation
import CDNSimulation
import Testing

extension EndToEnd {
    /// Issue 22, done means 3 (docs/reliability.md "One signer"): three `serve` processes on one data
    /// directory across several renewals of a short-lived manifest. Exactly one of them signs each renewal
    /// (the lease holder), and a client asking all three in turn never sees `version` go down.
    @Suite struct OneSigner {
        @Test func threeServersOnOneDataDirectoryRenewThroughOneAndNeverGoBack() async throws {
            let store = try StoreWorkspace()
            // 8 s manifests: due 2 s before expiry plus the 1 s go-live lead, so a renewal every 5 s.
            let shortLived = ["PACKSERVE_SIGNING_MANIFESTLIFETIMESECONDS": "8"]
            try await store.run(["add", try store.randomFile("a.bin", count: 1_000), "--id", "a"])
            try await store.run(["publish"], environment: shortLived)
            var servers: [RunningPackServe] = []
            for _ in 0..<3 { servers.append(try await store.serve(environment: shortLived)) }
            for server in servers { try await server.awaitRelease(1) }

            let poll = try await ChildProcess.run(
                try ExternalTool.path(of: "python3"),
                [VersionPollScript.script, servers.map { $0.url("") }.joined(separator: ","), "17"],
                timeout: .seconds(60))
            #expect(poll.stdout.text.hasPrefix("OK "), "\(poll.stdout.text)\(poll.stderr.text)")
            let seen = poll.stdout.text.split(separator: "versions=").last.map { $0.split(separator: ",") } ?? []
            #expect(seen.count >= 4, "the publish and at least three renewals: \(poll.stdout.text)")

            let signings = servers.map { $0.logLines(containing: "signed release 1 as manifest version") }
            for server in servers { #expect(try await server.stop() == 0) }
            // One process signed every renewal (it holds the lease while it lives); the others signed none.
            #expect(signings.filter { !$0.isEmpty }.count == 1, "\(signings)")
            let lines = signings.flatMap { $0 }
            #expect(lines.count >= 3, "\(lines)")
            let versions = lines.compactMap { line in
                line.split(separator: "manifest version ").last?.split(separator: ",").first.flatMap { Int($0) }
            }
            #expect(versions == Array(2..<(2 + versions.count)), "each version signed once, in order: \(versions)")
        }
    }
}
