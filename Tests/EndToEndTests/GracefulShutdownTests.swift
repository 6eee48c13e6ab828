import Foundation
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
    }
}
