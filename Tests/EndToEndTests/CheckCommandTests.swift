import Foundation
import CDNSimulation
import Testing

/// Issue 4, "Done means" 5 (check half): the real command on a real draft.
@Suite struct CheckCommand {
    @Test func checkPassesACleanDraftAndFailsWithOneLinePerProblem() async throws {
        let store = try StoreWorkspace()
        try await store.run(["add", try store.randomFile("base.bin", count: 20_000), "--id", "base", "--policy", "essential"])
        let https = ["PACKSERVE_PUBLICBASEURL": "https://127.0.0.1"]
        let clean = try await store.run(["check"], environment: https)
        #expect(clean.stdout.hasPrefix("draft ok: 1 packs"), "\(clean)")
        // The test config's publicBaseURL is plain http: a warning, not a failure.
        let plaintext = try await store.run(["check"])
        #expect(plaintext.stdout.hasPrefix("warning: publicBaseURL http://127.0.0.1 is not https"), "\(plaintext)")

        try await store.run(["add", try store.randomFile("big.bin", count: (64 << 20) + 1), "--id", "big"])
        let warned = try await store.run(["check"], environment: https)
        #expect(warned.stdout.hasPrefix("warning: pack big is 67108865 bytes, over the 64 MiB"), "\(warned)")

        let failed = try await store.attempt(["check"], environment: [
            "PACKSERVE_LIMITS_MAXPACKBYTES": "50000000", "PACKSERVE_LIMITS_MAXESSENTIALBYTES": "10000",
        ])
        #expect(failed.status == 1, "\(failed)")
        let lines = failed.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("error: ") }.count == 2, "\(lines)")
        #expect(lines.contains { $0.contains("big") && $0.contains("limits.maxPackBytes") })
        #expect(lines.contains { $0.contains("20000 bytes") && $0.contains("limits.maxEssentialBytes") })

        // A public base URL outside allowedHosts is refused before any pack is looked at.
        let misdirected = try await store.attempt(["check"], environment: ["PACKSERVE_PUBLICBASEURL": "https://cdn.other.example"])
        #expect(misdirected.status != 0)
        #expect(misdirected.stderr.split(separator: "\n").count == 1 && misdirected.stderr.contains("allowedHosts"), "\(misdirected)")
    }
}
