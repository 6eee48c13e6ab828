import Foundation
import CDNSimulation
import PackServeTesting
import Polling
import Testing

/// Issue 12's large push, beside the `EndToEnd` chain rather than in it: it measures the server's memory,
/// which other tests' load does not change, and its minute of streaming was the longest link of the chain
/// (the suite's critical path).
@Suite struct LargePush {
    /// Done means 1: `packserve push --publish` of 2 GiB (`scripts/test-heavy`; 256 MiB in the suite, four
    /// times the bound) while the server's resident memory is sampled from /proc every 20 ms; the pack is
    /// in the next manifest with its exact size and SHA-256, and `/packs/{id}` serves it byte-exact.
    @Test func aLargePushIsPublishedByteExactInBoundedMemory() async throws {
        let session = try await AdminSession.start(tokens: ["ci": "upload,publish,read"])
        let size = HeavyTests.enabled ? 2 << 30 : 256 << 20
        let file = try session.store.randomFile("big.bin", count: size)
        let sha256 = try await ExternalTool.sha256(of: file)
        let tokenFile = session.store.directory.file("ci.token")
        try Data((session.tokens["ci"]! + "\n").utf8).write(to: URL(fileURLWithPath: tokenFile))
        // One admin request first, so the idle figure includes what the API itself keeps.
        #expect(try await session.request("GET", "/admin/draft", token: "ci").status == 200)
        let probe = session.server.probe
        let idleKiB = probe.residentKiB
        let clock = ContinuousClock()
        let started = clock.now
        let push = try session.store.spawn([
            "push", file, "--id", "big", "--server", session.server.url(""), "--token-file", tokenFile,
            "--policy", "on-demand", "--publish",
        ])
        // Sampled every 20 ms while the push runs.
        var peakKiB = idleKiB
        try await Poll.until(within: .seconds(600)) {
            peakKiB = max(peakKiB, probe.residentKiB)
            return !push.isRunning
        }
        let elapsed = clock.now - started
        #expect(try await push.exitStatus(within: .seconds(5)) == 0, "\(push.stderr.text)")
        #expect(push.stdout.text.contains("pushed big version 1: \(size) bytes, sha256 \(sha256)"), "\(push.stdout.text)")
        print("push: \(size >> 20) MiB in \(elapsed); server RSS idle \(idleKiB) KiB, peak \(peakKiB) KiB (+\((peakKiB - idleKiB) / 1024) MiB)")
        #expect(peakKiB - idleKiB < 64 * 1024, "RSS grew by \(peakKiB - idleKiB) KiB during the upload")

        // The next manifest names it, with the exact size and digest; the served bytes hash the same.
        let manifest = try await StoreResponse.await(session.server.url("/manifest.json"), within: .seconds(5)) {
            $0.status == 200 && $0.text.contains(#""id":"big""#)
        }
        #expect(manifest.response.text.contains(#""sha256":"\#(sha256)""#), "\(manifest.response.text)")
        #expect(manifest.response.text.contains(#""size":\#(size)"#), "\(manifest.response.text)")
        let downloaded = session.store.directory.file("downloaded.bin")
        let curl = try ChildProcess(try ExternalTool.curl(), [
            "-sS", "-o", downloaded, "-w", "%{http_code}", session.server.url("/packs/big"),
        ])
        #expect(try await curl.exitStatus(within: .seconds(120)) == 0)
        #expect(curl.stdout.text == "200")
        #expect(try await ExternalTool.sha256(of: downloaded) == sha256)
        #expect(try await session.store.run(["fsck"]).lines.last?.hasSuffix("consistent") == true)
    }
}
