import CDNSimulation
import Foundation
import Polling
import Testing

/// Issue 36, "Done means" 4: `/console/` as shipped (the repository's Public/), in headless Chromium: a
/// producer signs in with a `read,rollout` token, sees the rollout and the adoption of each release as
/// `GET /admin/stats` answers them, raises the rollout with the page's form, and sees it raised.
/// `PACKSERVE_CONSOLE_SCREENSHOT=docs/console.png` keeps a screenshot.
@Suite struct ReleaseConsole {
    @Test func aProducerSeesTheNumbersAndRaisesTheRollout() async throws {
        let store = try StoreWorkspace()
        try await store.run(["add", try store.randomFile("a1.bin", count: 1_000), "--id", "level-1", "--tag", "forest"])
        try await store.run(["publish"])
        try await store.run(["channel", "create", "beta"])
        try await store.run(["add", try store.randomFile("a2.bin", count: 2_000), "--id", "level-1", "--tag", "forest"])
        try await store.run(["publish", "--channel", "beta"])
        try await store.run(["rollout", "start", "2", "--percent", "10"])
        let token = try await store.run(["token", "create", "--name", "producer", "--scope", "read,rollout"])
            .stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Public").path
        let port = try await FreePorts.pick(1)[0]
        let server = try await store.serve(environment: [
            "PACKSERVE_LISTEN_PORT": "\(port)", "PACKSERVE_PUBLICBASEURL": "http://127.0.0.1:\(port)",
            "PACKSERVE_PUBLICDIRECTORY": shipped,
        ])
        try await server.awaitRelease(1)
        // Some adoption: manifests read in cohort views, outcomes reported for both releases.
        for cohort in 0..<300 { _ = try await StoreResponse.get(server.url("/cohorts/\(cohort)/manifest")) }
        _ = try await StoreResponse.get(server.url("/packs/level-1"))
        let zeros = String(repeating: "0", count: 64)
        for (release, result) in [(2, "installed"), (2, "failed"), (1, "installed")] {
            try await ChildProcess.run(try ExternalTool.curl(), [
                "-sS", "-f", "-H", "Content-Type: application/json", "--data-binary",
                #"{"channel":"production","release":\#(release),"outcomes":[{"pack":"level-1","sha256":"\#(zeros)","result":"\#(result)"}]}"#,
                server.url("/reports"),
            ])
        }
        let counted = try await Poll.until(within: .seconds(10)) {
            (try await store.run(["rollout", "status", "--json"]).stdout).contains(#""candidate":{"failures":1,"outcomes":2}"#)
        }
        #expect(counted)

        let screenshot = ProcessInfo.processInfo.environment["PACKSERVE_CONSOLE_SCREENSHOT"] ?? "-"
        let page = try await ChildProcess.run(
            try ExternalTool.path(of: "python3"), [PythonScripts.path(of: "console_page.py"), server.url(""), token, screenshot],
            timeout: .seconds(120))
        #expect(page.stdout.text.hasPrefix("OK releases=2 percent=25"), "\(page.stdout.text)\(page.stderr.text)")
        #expect(try await store.run(["rollout", "status", "--json"]).stdout.contains(#""percent":25"#))
        #expect(try await server.stop() == 0)
    }
}
