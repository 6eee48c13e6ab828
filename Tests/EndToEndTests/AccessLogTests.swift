import Foundation
import CDNSimulation
import Testing

extension EndToEnd {
    /// The access log of the real binary: fields, aborted responses, JSON, and reopening after logrotate.
    @Suite struct AccessLog {
        /// nginx's combined format, then PackServe's extra fields.
        static let combined = try! NSRegularExpression(pattern: #"^(\S+) - - \[(\d\d/\w{3}/\d{4}:\d\d:\d\d:\d\d \+0000)\] "(\S+) (\S+) (HTTP/1\.[01])" (\d{3}) (\d+) "([^"]*)" "([^"]*)" host="([^"]*)" range="([^"]*)" rt=(\d+\.\d{6}) id=([0-9a-f]{16})( aborted)?$"#)

        static func fields(_ line: String) -> [String]? {
            let range = NSRange(line.startIndex..., in: line)
            guard let match = combined.firstMatch(in: line, range: range) else { return nil }
            return (1..<match.numberOfRanges).map { i in
                Range(match.range(at: i), in: line).map { String(line[$0]) } ?? ""
            }
        }

        @Test func aCombinedLineCarriesEveryField() async throws {
            let store = try StoreWorkspace()
            let file = try store.randomFile("pack.bin", count: 100_000)
            try await store.run(["add", file, "--id", "logged"])
            try await store.run(["publish"])
            let server = try await store.serve()
            try await ChildProcess.run(try ExternalTool.curl(), [
                "-sS", "-o", "/dev/null", "-A", "PackServe-Test/1.0", "-e", "https://referrer.example/", "-r", "100-199", server.url("/packs/logged"),
            ])
            let lines = try await server.awaitAccessLogLines(path: "/packs/logged", status: 206)
            let line = try #require(lines.first)
            let f = try #require(Self.fields(line), "not a combined line: \(line)")
            #expect(f[0] == "127.0.0.1")
            #expect(f[2] == "GET" && f[3] == "/packs/logged" && f[4] == "HTTP/1.1")
            #expect(f[5] == "206")
            #expect(f[6] == "100", "body bytes, not head bytes")
            #expect(f[7] == "https://referrer.example/")
            #expect(f[8] == "PackServe-Test/1.0")
            #expect(f[9] == "127.0.0.1:\(server.port)")
            #expect(f[10] == "bytes=100-199")
            #expect(f[12] != "0000000000000000")
            #expect(f[13].isEmpty, "not aborted")
            #expect(try await server.stop() == 0)
        }

        @Test func anAbortedDownloadIsLoggedWithTheBytesSent() async throws {
            let store = try StoreWorkspace()
            let size = 64 << 20
            let file = try store.randomFile("big.bin", count: size)
            try await store.run(["add", file, "--id", "big"])
            try await store.run(["publish"])
            let server = try await store.serve()
            let work = try TemporaryDirectory()
            let output = work.file("part.bin")
            _ = try await InterruptedCurl.run(["-sS", "--limit-rate", "4M", server.url("/packs/big")], output: output, killAfter: 2 << 20)
            let lines = try await server.awaitAccessLogLines(path: "/packs/big", status: 200)
            let line = try #require(lines.first, "no line for the aborted download")
            let f = try #require(Self.fields(line), "\(line)")
            #expect(f[13] == " aborted", "\(line)")
            let sent = Int(f[6]) ?? -1
            #expect(sent >= FileSize.of(output) && sent < size, "logged \(sent) bytes; the client had \(FileSize.of(output))")
            #expect(try await server.stop() == 0)
        }

        @Test func jsonLinesGoToAFileThatSIGUSR1Reopens() async throws {
            let store = try StoreWorkspace()
            let logPath = store.directory.file("access.log")
            let server = try await store.serve(overrides: ["accessLog": ["format": "json", "path": logPath] as [String: any Sendable]])
            let curl = try ExternalTool.curl()
            func logLines(_ path: String) -> [[String: Any]] {
                let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
                return text.split(separator: "\n").compactMap {
                    try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
                }
            }
            func logged(_ path: String, target: String) async throws -> Bool {
                try await ProcessProbe(pid: 0).await(within: .seconds(5)) { _ in
                    logLines(path).contains { $0["target"] as? String == target }
                }
            }
            try await ChildProcess.run(curl, ["-sS", "-o", "/dev/null", server.url("/healthz?first")])
            #expect(try await logged(logPath, target: "/healthz?first"))
            let text = try String(contentsOfFile: logPath, encoding: .utf8)
            #expect(text.split(separator: "\n").count == logLines(logPath).count, "every line is JSON: \(text)")
            let first = try #require(logLines(logPath).first)
            #expect(first["status"] as? Int == 200 && first["method"] as? String == "GET" && first["client"] as? String == "127.0.0.1")

            // logrotate: rename, then SIGUSR1; lines written after the signal reach the path again.
            try FileManager.default.moveItem(atPath: logPath, toPath: logPath + ".1")
            try await ChildProcess.run(curl, ["-sS", "-o", "/dev/null", server.url("/healthz?renamed")])
            #expect(try await logged(logPath + ".1", target: "/healthz?renamed"), "before the signal lines go to the renamed file")
            server.child.signal(SIGUSR1)
            _ = try await ProcessProbe(pid: 0).await(within: .seconds(5)) { _ in server.child.stderr.text.contains("reopened the access log") }
            try await ChildProcess.run(curl, ["-sS", "-o", "/dev/null", server.url("/healthz?reopened")])
            #expect(try await logged(logPath, target: "/healthz?reopened"))
            #expect(!logLines(logPath).contains { $0["target"] as? String == "/healthz?renamed" })
            #expect(try await server.stop() == 0)
        }
    }
}
