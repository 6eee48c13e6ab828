import Foundation
import CDNSimulation
import Polling
import Testing

extension EndToEnd {
    /// SIGTERM (docs/api.md "Command line"): stop accepting at once, finish the responses in flight, exit 0.
    @Suite struct GracefulShutdown {
        @Test func sigtermLetsASlowDownloadFinishRefusesNewConnectionsAndExitsZero() async throws {
            let curl = try ExternalTool.curl()
            let work = try TemporaryDirectory()
            let size = 24 << 20
            let publicDirectory = try work.directory("public")
            let sha256 = try await ExternalTool.sha256(of: try work.randomFile("public/slow.bin", count: size))
            let server = try await RunningPackServe(publicDirectory: publicDirectory)
            let output = work.file("slow.out")
            // About three seconds at 8 MB/s: the signal arrives with most of the body still to send.
            let download = try ChildProcess(curl, ["--http1.1", "-sS", "--fail", "--limit-rate", "8M", "-o", output, server.url("/slow.bin")])
            let clock = ContinuousClock()
            try await Poll.until(within: .seconds(20), every: .milliseconds(10)) {
                FileSize.of(output) >= 1 << 20 || !download.isRunning
            }
            try #require(download.isRunning && FileSize.of(output) >= 1 << 20, "the download never got going")

            server.child.signal(SIGTERM)
            var refused = false
            let deadline = clock.now + .seconds(5)
            while !refused && clock.now < deadline {
                let probe = try ChildProcess(curl, ["-sS", "--max-time", "2", "-o", "/dev/null", server.url("/healthz")])
                // curl's exit status 7: failed to connect.
                refused = try await probe.exitStatus(within: .seconds(5)) == 7
            }
            #expect(refused, "new connections were still accepted after SIGTERM")
            #expect(download.isRunning, "the download ended before the server stopped accepting, so nothing was drained")

            #expect(try await download.exitStatus(within: .seconds(30)) == 0, "\(download.stderr.text)")
            #expect(FileSize.of(output) == size)
            #expect(try await ExternalTool.sha256(of: output) == sha256)
            #expect(try await server.child.exitStatus(within: .seconds(15)) == 0, "\(server.child.stderr.lines.suffix(5))")
        }

        /// Round 3, finding 3: purges still queued at SIGTERM were dropped with the process, unsaid. Now they are
        /// sent while the drain deadline (10 s) lasts, and what a cache does not take by then is dropped, counted
        /// and logged.
        @Test func sigtermDeliversAPendingPurgeAndDropsOneASilentCacheNeverTakes() async throws {
            let work = try TemporaryDirectory()
            // The start-up purge of the documents: the silent cache holds it (listed first); the other answers
            // 503 asking for 3 s, so the retry is still waiting when the signal comes.
            let silent = try ScriptedCache(answers: [])
            let busy = try ScriptedCache(answers: [
                "HTTP/1.1 503 Service Unavailable\r\nRetry-After: 3\r\nContent-Length: 0\r\n\r\n",
                "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n",
            ])
            let purge: [String: any Sendable] = ["purge": [["url": silent.url], ["url": busy.url]] as [[String: any Sendable]]]
            let server = try await RunningPackServe(
                publicDirectory: try work.directory("public"), overrides: ["sampleCatalog": true, "cache": purge])
            try #require(try await Poll.until(within: .seconds(10)) { busy.heads.count == 1 && silent.heads.count == 1 })

            let clock = ContinuousClock()
            let signalled = clock.now
            server.child.signal(SIGTERM)
            #expect(try await server.child.exitStatus(within: .seconds(20)) == 0, "\(server.child.stderr.lines.suffix(5))")
            let took = signalled.duration(to: clock.now)
            #expect(busy.heads.count == 2 && busy.heads.allSatisfy { $0.hasPrefix("PURGE / HTTP/1.1") }, "\(busy.heads)")
            #expect(server.logLines(containing: "cache purge sent").count == 1)
            #expect(server.logLines(containing: "shutting down: 1 cache purges dropped").count == 1, "\(server.child.stderr.lines.suffix(5))")
            // Not before the retry was sent, nor long after the drain deadline.
            #expect(took >= .seconds(2) && took < .seconds(12), "\(took)")
            #expect(silent.heads.count == 1)
        }

        /// Round 3, finding 6: a replica's shutdown waited out `pollSeconds` (up to an hour) in the sleep between
        /// two polls. Graceful shutdown now ends that wait at once (`PeriodicLoop`).
        @Test func aReplicaPollingHourlyExitsWithinThreeSecondsOfSigterm() async throws {
            let work = try TemporaryDirectory()
            // A bucket nobody answers for (port 9, discard, is closed here): the replica logs its failed poll
            // and sleeps for an hour.
            let server = try await RunningPackServe(
                publicDirectory: try work.directory("public"),
                overrides: [
                    "replica": ["enabled": true, "pollSeconds": 3600, "cacheDirectory": work.file("cache")] as [String: any Sendable],
                    "storage": ["type": "s3", "endpoint": "http://127.0.0.1:9", "bucket": "none"] as [String: any Sendable],
                ],
                environment: ["PACKSERVE_S3_ACCESS_KEY_ID": "k", "PACKSERVE_S3_SECRET_ACCESS_KEY": "s"])
            try #require(try await Poll.until(within: .seconds(10)) { !server.logLines(containing: "current.json").isEmpty },
                "\(server.child.stderr.lines.suffix(5))")
            let clock = ContinuousClock()
            let signalled = clock.now
            server.child.signal(SIGTERM)
            #expect(try await server.child.exitStatus(within: .seconds(10)) == 0, "\(server.child.stderr.lines.suffix(5))")
            #expect(signalled.duration(to: clock.now) < .seconds(3))
        }
    }
}
