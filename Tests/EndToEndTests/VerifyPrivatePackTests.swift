import Foundation
import CDNSimulation
import Testing

extension EndToEnd.VerifyCommand {
    /// Issue 20, item 2: a refused download (403 problem document) must never become the start of a pack's
    /// partial file, which later runs would "resume" and finally report as a SHA-256 mismatch; with
    /// `--token-file` the private pack downloads.
    @Test func aRefusedPackLeavesNoPartialFileAndADownloadTokenFetchesIt() async throws {
        let port = try await FreePorts.pick(1)[0]
        let base = "http://127.0.0.1:\(port)"
        var token = ""
        let site = try await Published(packs: [("paid", 200_000)], port: port, baseURL: base) { store in
            try await store.run(["set", "paid", "--access", "private"])
            token = try await store.run(["token", "create", "--name", "app", "--scope", "download"]).stdout
        }
        let sha = try await site.sha256(of: "paid")
        let downloads = site.work.file("downloads")
        let partial = "\(downloads)/\(sha).partial"

        for run in 1...2 {
            let refused = try await site.verify(["\(base)/manifest", "--download", "--into", downloads, "--retries", "0"])
            #expect(refused.status == 1, "run \(run): \(refused)")
            #expect(refused.stdout.contains("pack paid: HTTP 403"), "run \(run): \(refused)")
            #expect(!refused.stderr.contains("resuming"), "run \(run) resumed after an error body: \(refused)")
            #expect(FileSize.of(partial) == 0, "run \(run) kept \(FileSize.of(partial)) bytes of an error body")
        }

        let tokenFile = site.work.file("app.token")
        try token.write(toFile: tokenFile, atomically: true, encoding: .utf8)
        let allowed = try await site.verify(["\(base)/manifest", "--download", "--into", downloads, "--token-file", tokenFile])
        #expect(allowed.status == 0, "\(allowed)")
        #expect(allowed.lines.last == "1 of 1 packs verified: 200000 bytes downloaded (195.3 KiB)", "\(allowed)")
        #expect(try await site.server.stop() == 0)
    }
}
