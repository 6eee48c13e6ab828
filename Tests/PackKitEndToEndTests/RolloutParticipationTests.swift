import CDNSimulation
import Foundation
import PackKit
import Polling
import Testing

/// Issue 36, PackKit's side of a staged rollout against the real `packserve` (docs/rollouts.md): an install
/// that takes part reads its cohort's view — the candidate, once admitted — and reports each pack's install
/// outcome, which the server counts for the rollout; an install that does not take part reads the channel's
/// release and reports nothing.
@Suite struct RolloutParticipation {
    @Test func anAdmittedInstallReadsTheCandidateAndItsOutcomesAreCounted() async throws {
        let port = try await FreePorts.pick(1)[0]
        let environment = ["PACKSERVE_PUBLICBASEURL": "http://127.0.0.1:\(port)", "PACKSERVE_LISTEN_PORT": "\(port)"]
        let store = try StoreWorkspace()
        try await store.run(["add", try store.randomFile("a1.bin", count: 1_000), "--id", "a", "--tag", "t"])
        try await store.run(["publish"], environment: environment)
        try await store.run(["channel", "create", "beta"], environment: environment)
        let candidate = try store.randomFile("a2.bin", count: 2_000)
        let sha256 = try await ExternalTool.sha256(of: candidate)
        try await store.run(["add", candidate, "--id", "a", "--tag", "t"])
        try await store.run(["publish", "--channel", "beta"], environment: environment)
        try await store.run(["rollout", "start", "2", "--percent", "100"], environment: environment)
        let server = try await store.serve(environment: environment)
        let key = try ServerSigningKey(store: store).pinned
        let work = try TemporaryDirectory("packserve-e2e-packkit-rollout")
        func catalog(_ name: String, rollouts: Bool) throws -> PackCatalog {
            var configuration = PackCatalogConfiguration(
                baseURL: URL(string: "http://127.0.0.1:\(port)")!, keys: [key],
                retry: RetryPolicy(maxRetries: 1, initialDelay: .milliseconds(10)))
            configuration.takesPartInRollouts = rollouts
            return try PackCatalog(configuration: configuration, storeDirectory: URL(fileURLWithPath: try work.directory(name)))
        }

        let taking = try catalog("taking", rollouts: true)
        let cohort = try #require(taking.cohort)
        #expect(taking.manifestURL.path == "/cohorts/\(cohort)/manifest")
        #expect(try catalog("taking", rollouts: true).cohort == cohort, "the cohort stays with the install")
        let installed = try await taking.makeAvailable(tags: ["t"])
        #expect(installed.map(\.sha256) == [sha256], "release 2's pack")
        #expect(taking.pendingReportCount == 0, "sent")

        let other = try catalog("not-taking", rollouts: false)
        #expect(try await other.makeAvailable(tags: ["t"]).first?.size == 1_000, "release 1's pack")
        #expect(other.cohort == nil)

        // A corrupted candidate blob: a second admitted install fails, and says so.
        let blob = try FileHandle(forUpdating: URL(fileURLWithPath: store.blobPath(sha256)))
        try blob.seek(toOffset: 10)
        let byte = try #require(try blob.read(upToCount: 1)?.first)
        try blob.seek(toOffset: 10)
        try blob.write(contentsOf: Data([byte ^ 0xFF]))
        try blob.close()
        let failing = try catalog("failing", rollouts: true)
        await #expect(throws: PackKitError.self) { try await failing.makeAvailable(tags: ["t"]) }

        // The server adds what it took to the rollout's candidate within a second or two.
        var status = ""
        let counted = try await Poll.until(within: .seconds(10)) {
            status = try await store.run(["rollout", "status", "--json"]).stdout
            return status.contains(#""candidate":{"failures":1,"outcomes":2}"#)
        }
        #expect(counted, "\(status)")
        #expect(try await server.stop() == 0)
    }
}
