import Foundation
import CDNSimulation
import Glibc
import PackServeTesting
import Polling
import RawHTTPClient
import Testing

extension EndToEnd {
    /// Clients that try to take the server down or out of its directory, against the real binary. Each
    /// test names the defect it guards against; descriptor counts and memory come from /proc.
    @Suite struct HostileClients {
        /// Sends `request` on a new connection and reads until the server ends it.
        static func exchange(_ request: String, port: Int, receiveTimeoutSeconds: Double = 5) throws -> (status: Int?, text: String, ended: Bool) {
            let socket = try RawClient(port: port, receiveTimeoutSeconds: receiveTimeoutSeconds)
            try socket.send(request)
            let (bytes, end) = socket.readUntilEnd()
            let text = String(decoding: bytes, as: UTF8.self)
            let status = text.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) }
            return (status, text, end != .timedOut)
        }

        static func get(_ path: String, port: Int) throws -> (status: Int?, text: String, ended: Bool) {
            try exchange("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", port: port)
        }

        /// Waits for the server to settle after start-up (its descriptor count the same twice, 100 ms apart)
        /// and returns its descriptor count then.
        static func baselineDescriptors(of server: RunningPackServe) async throws -> Int {
            #expect(try get("/healthz", port: server.port).status == 200)
            var last = -1
            try await Poll.until(within: .seconds(3), every: .milliseconds(100)) {
                let count = server.probe.descriptorCount
                defer { last = count }
                return count == last
            }
            return server.probe.descriptorCount
        }

        /// Defect 1: a FIN that arrives with the last bytes left the socket in CLOSE_WAIT until a timeout;
        /// a loop of connect → partial request → close filled `maxConnections`.
        @Test func connectSendCloseLoopsLeaveNoConnectionsBehind() async throws {
            let public_ = try TemporaryDirectory("packserve-e2e-hostile")
            let server = try await RunningPackServe(
                publicDirectory: public_.path,
                overrides: ["limits": ["headerTimeoutSeconds": 60, "idleTimeoutSeconds": 60]])
            let baseline = try await Self.baselineDescriptors(of: server)
            let partials = [
                "GET /packs/level-1 HTTP/1.1\r\nHost: 127.0.0.1\r\nRange: bytes=0-",
                "POST /packs/level-1 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\nsome",
            ]
            for i in 0..<2000 {
                let socket = try RawClient(port: server.port)
                try socket.send(partials[i % 2])
                socket.close()
            }
            let settled = try await server.probe.await(within: .seconds(2)) { $0.descriptorCount <= baseline }
            #expect(settled, "descriptors: \(server.probe.descriptorCount), baseline \(baseline)")

            // A complete request followed by our FIN is answered, and the connection ends at once
            // (it was held for the idle timeout before).
            let socket = try RawClient(port: server.port, receiveTimeoutSeconds: 3)
            try socket.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            socket.shutdownWrite()
            let (answer, end) = socket.readUntilEnd()
            #expect(String(decoding: answer, as: UTF8.self).hasPrefix("HTTP/1.1 200 "))
            #expect(end != .timedOut, "the server kept a half-closed connection open")
            #expect(try await server.stop() == 0)
        }

        /// Defect 2: bodies on routes that take none were read into memory (1 MiB each). Now the answer
        /// comes before the body, and nothing is buffered.
        @Test func announcedBodiesAreRefusedBeforeTheyAreRead() async throws {
            let public_ = try TemporaryDirectory("packserve-e2e-hostile")
            let server = try await RunningPackServe(publicDirectory: public_.path)
            let baseline = try await Self.baselineDescriptors(of: server)
            let residentBefore = server.probe.residentKiB

            // 400 connections each announce 1 MiB and send 256 KiB of it, then stall.
            let chunk = [UInt8](repeating: 0x61, count: 256 * 1024)
            var stalled: [RawClient] = []
            for _ in 0..<400 {
                let socket = try RawClient(port: server.port)
                try socket.send("POST /packs/level-1 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1048576\r\n\r\n")
                try socket.send(chunk)
                stalled.append(socket)
            }
            // Every connection is answered with its body unread: a server that read bodies before answering
            // would wait for the rest of them and answer none (the first silent one ends the wait).
            var answers: [String] = []
            for socket in stalled {
                let answer = socket.read(until: "\r\n\r\n")
                guard answer.found else { break }
                answers.append(answer.text)
            }
            #expect(answers.count == stalled.count, "\(answers.count) of \(stalled.count) stalled bodies were answered")
            #expect(answers.allSatisfy { $0.hasPrefix("HTTP/1.1 405 ") && $0.contains("Allow: GET, HEAD") }, "\(answers.first ?? "")")
            let growthKiB = server.probe.residentKiB - residentBefore
            #expect(growthKiB < 32 * 1024, "resident memory grew by \(growthKiB) KiB for 400 stalled bodies")
            stalled.forEach { $0.close() }
            let settled = try await server.probe.await(within: .seconds(2)) { $0.descriptorCount <= baseline }
            #expect(settled, "descriptors: \(server.probe.descriptorCount), baseline \(baseline)")

            // A GET with a body is refused with 413 without waiting for the body; so is a body with
            // `Expect: 100-continue`, which gets the final answer instead of a 100.
            let get = try Self.exchange(
                "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 500000\r\n\r\n", port: server.port)
            #expect(get.status == 413, "\(get.text)")
            let expecting = try Self.exchange(
                "PUT /packs/x HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 10\r\nExpect: 100-continue\r\n\r\n", port: server.port)
            #expect(expecting.status == 405, "\(expecting.text)")
            #expect(!expecting.text.contains("100 Continue"))
            #expect(try await server.stop() == 0)
        }

        /// Defect 4: blobs deleted by `gc` stayed open in the server's open-file cache until a restart.
        @Test func gcFreesTheSpaceOfBlobsTheServerHadOpen() async throws {
            let store = try StoreWorkspace()
            let file = try store.randomFile("old.bin", count: 300_000)
            let digest = try await ExternalTool.sha256(of: file)
            try await store.run(["add", file, "--id", "old"])
            try await store.run(["publish"])
            let server = try await store.serve()
            #expect(try await StoreResponse.await(server.url("/packs/old"), within: .seconds(5)) { $0.status == 200 }.satisfied)
            #expect(server.probe.descriptorTargets.contains(store.blobPath(digest)), "the blob is cached open")

            try await store.run(["rm", "old"])
            try await store.run(["publish"])
            try await store.run(["gc", "--keep", "1"])
            #expect(!FileManager.default.fileExists(atPath: store.blobPath(digest)))
            let released = try await server.probe.await(within: .seconds(3)) { probe in
                !probe.descriptorTargets.contains { $0.hasPrefix(store.blobPath(digest)) }
            }
            #expect(released, "still open: \(server.probe.descriptorTargets.filter { $0.contains("(deleted)") })")
            #expect(try await server.stop() == 0)
        }
    }
}
