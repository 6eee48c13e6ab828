import Foundation
import CDNSimulation
import Testing

extension EndToEnd {
    /// A 200 MiB file through the download clients people use: byte-identical however it is fetched
    /// (issue 2, "Done means" 2).
    @Suite struct DownloadClients {
        static let path = "/\(LargeDownload.name)"

        @Test func curlDownloadInterruptedThenResumedIsByteIdentical() async throws {
            let curl = try ExternalTool.curl()
            let large = try await LargeDownload.shared()
            let server = try await RunningPackServe(publicDirectory: large.publicDirectory)
            let work = try TemporaryDirectory()
            let output = work.file("download.bin")
            let url = server.url(Self.path)

            let partial = try await InterruptedCurl.run(
                ["--http1.1", "-sS", "--fail", "--limit-rate", "20M", url], output: output, killAfter: 8 << 20)
            try #require(partial >= 8 << 20 && partial < LargeDownload.size, "interrupted at \(partial) bytes")

            try await ChildProcess.run(curl, ["--http1.1", "-sS", "--fail", "-C", "-", "-o", output, url], timeout: .seconds(120))
            #expect(FileSize.of(output) == LargeDownload.size)
            #expect(try await ExternalTool.sha256(of: output) == large.sha256)
            // The resume asked for the rest only (one 206), rather than starting again with a 200.
            let resumed = try await server.awaitAccessLogLines(path: Self.path, status: 206)
            #expect(resumed.count == 1, "206 lines: \(resumed)")
            #expect(try await server.stop() == 0, "\(server.child.stderr.lines.suffix(3))")
        }

        @Test func aria2cSegmentedDownloadIsByteIdentical() async throws {
            let aria2c = try ExternalTool.aria2c()
            let large = try await LargeDownload.shared()
            let server = try await RunningPackServe(publicDirectory: large.publicDirectory)
            let work = try TemporaryDirectory()
            try await ChildProcess.run(aria2c, [
                "--no-conf=true", "-x", "8", "-s", "8", "-k", "1M", "--file-allocation=none",
                "--allow-overwrite=true", "--auto-file-renaming=false", "--summary-interval=0",
                "--console-log-level=warn", "-d", work.path, "-o", "download.bin", server.url(Self.path),
            ], timeout: .seconds(120))
            let output = work.file("download.bin")
            #expect(FileSize.of(output) == LargeDownload.size)
            #expect(try await ExternalTool.sha256(of: output) == large.sha256)
            // Segmented for real: several connections each fetched a range.
            let ranges = try await server.awaitAccessLogLines(path: Self.path, status: 206, atLeast: 4)
            #expect(ranges.count >= 4, "only \(ranges.count) range requests: \(ranges)")
            #expect(try await server.stop() == 0, "\(server.child.stderr.lines.suffix(3))")
        }

        @Test func pythonParsesAMultiRangeResponseIntoTheFilesBytes() async throws {
            let python = try await ExternalTool.pythonWithH11()
            let large = try await LargeDownload.shared()
            let server = try await RunningPackServe(publicDirectory: large.publicDirectory)
            // Adjacent (0-99, 100-199) and overlapping (-4096, 209715000-) ranges coalesce: three parts.
            let tail = LargeDownload.size - 4096
            let check = try await ChildProcess.run(python, [
                MultipartCheckScript.script, String(server.port), Self.path, large.path,
                "bytes=0-99,100-199,1048576-2097151,-4096,209715000-",
                "0-199,1048576-2097151,\(tail)-\(LargeDownload.size - 1)",
            ])
            #expect(check.stdout.text.hasPrefix("OK 3 parts"), "\(check.stdout.text)")
            #expect(try await server.stop() == 0, "\(server.child.stderr.lines.suffix(3))")
        }
    }
}
