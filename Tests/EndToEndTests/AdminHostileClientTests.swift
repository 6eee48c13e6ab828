import Foundation
import CDNSimulation
import PackServeTesting
import RawHTTPClient
import Testing

extension EndToEnd {
    /// Issue 19, hostile clients round 2, against the real binary: uploads cannot be camped on, slots are
    /// counted right, a publish on a full disk is 507, and the admin API's work shows in /metrics (docs/api.md
    /// "Admin API"). Finding 1, no stranger's body is ever read, is ApplicationTests' `AdminStrangers`.
    @Suite struct AdminHostileClients {
        /// Sends `head` and reads until the server ends the connection (or 3 s pass): the whole answer.
        static func answer(toHead head: String, port: Int) throws -> (text: String, ended: Bool) {
            let socket = try RawClient(port: port, receiveTimeoutSeconds: 3)
            try socket.send(head)
            let (bytes, end) = socket.readUntilEnd()
            return (String(decoding: bytes, as: UTF8.self), end != .timedOut)
        }

        /// Reads the answer to what `socket` sent, with how long it took to come.
        static func timedAnswer(on socket: RawClient) -> (text: String, after: Duration) {
            let clock = ContinuousClock()
            let started = clock.now
            let (bytes, _) = socket.readUntilEnd()
            return (String(decoding: bytes, as: UTF8.self), clock.now - started)
        }

        /// A JSON body over `limits.maxAdminBodyBytes` is refused before it is read, even with a valid
        /// token; one that does not arrive within the header timeout is answered 408.
        @Test func anAdminBodyIsSmallAndPrompt() async throws {
            let session = try await AdminSession.start(
                tokens: ["ci": "publish"], overrides: ["limits": ["headerTimeoutSeconds": 2] as [String: any Sendable]])
            let token = session.tokens["ci"]!
            let large = try Self.answer(
                toHead: "POST /admin/publish HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\nContent-Length: 65537\r\n\r\n",
                port: session.server.port)
            #expect(large.text.hasPrefix("HTTP/1.1 413 "), "\(large.text)")

            let socket = try RawClient(port: session.server.port, receiveTimeoutSeconds: 8)
            try socket.send(
                "POST /admin/publish HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\nContent-Length: 20\r\n\r\n{\"note\":")
            let answer = Self.timedAnswer(on: socket)
            #expect(answer.text.hasPrefix("HTTP/1.1 408 "), "\(answer.text)")
            #expect(answer.after < .seconds(6), "answered after \(answer.after)")
        }

        /// Finding 2: an upload that sends 128 KiB at once and then nothing is ended with 408 once a window
        /// (here 2 s, at 32 KiB/s) has passed without its share, however large the first burst; its slot
        /// is free again for others (its token waits a window before its next upload, so it cannot take
        /// the slot straight back) and nothing of it is kept.
        @Test func aBurstThenSilenceCannotHoldAnUploadSlot() async throws {
            let session = try await AdminSession.start(
                tokens: ["ci": "upload", "other": "upload"],
                overrides: ["limits": ["uploadWindowSeconds": 2, "uploadMinBytesPerSecond": 32_768, "maxUploads": 1] as [String: any Sendable]])
            let socket = try RawClient(port: session.server.port, receiveTimeoutSeconds: 10)
            try socket.send(
                "PUT /admin/packs/camper HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(session.tokens["ci"]!)\r\nContent-Length: 104857600\r\n\r\n")
            try socket.send([UInt8](repeating: 0x41, count: 128 << 10))
            let answer = Self.timedAnswer(on: socket)
            #expect(answer.text.hasPrefix("HTTP/1.1 408 "), "\(answer.text)")
            #expect(answer.after < .seconds(6), "answered after \(answer.after)")
            // The camper's token waits; the one slot is free for another.
            let file = try session.store.randomFile("real.bin", count: 300_000)
            let again = try await session.upload(file, id: "again", token: "ci")
            #expect(again.status == 429, "\(again.text)")
            #expect(again.headers["retry-after"].flatMap(Int.init).map { (1...2).contains($0) } == true)
            let upload = try await StoreResponse.await(
                session.server.url("/admin/packs/real"), within: .seconds(5),
                curlArguments: ["-X", "PUT", "-T", file, "-H", "Authorization: Bearer \(session.tokens["other"]!)"]
            ) { $0.status != 503 }
            #expect(upload.response.status == 201, "\(upload.response.text)")
            #expect(!(try await session.store.run(["ls", "--json"]).stdout.contains("camper")))
        }

        /// Finding 3: `limits.maxUploads` (4) uploads run at once and the fifth is answered 503 at once
        /// (before, the counter admitted five); and one token holds at most `maxUploadsPerToken` (2): its
        /// third is answered 429 while another token's upload still runs.
        @Test func uploadSlotsAreCountedInAllAndPerToken() async throws {
            let session = try await AdminSession.start(tokens: ["a": "upload", "b": "upload", "c": "upload"])
            func head(_ id: String, _ token: String) -> String {
                "PUT /admin/packs/\(id) HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(session.tokens[token]!)\r\nContent-Length: 1000000\r\nExpect: 100-continue\r\n\r\n"
            }
            var held: [RawClient] = []
            for (index, token) in ["a", "a", "b", "b"].enumerated() {
                let socket = try RawClient(port: session.server.port, receiveTimeoutSeconds: 5)
                try socket.send(head("p\(index)", token))
                // 100 Continue comes when the upload asks for its body: its slots are taken by then.
                let answer = socket.read(until: "\r\n\r\n")
                #expect(answer.text.hasPrefix("HTTP/1.1 100 "), "upload \(index): \(answer.text)")
                held.append(socket)
            }
            let fifth = try Self.answer(toHead: head("p4", "c"), port: session.server.port)
            #expect(fifth.text.hasPrefix("HTTP/1.1 503 "), "\(fifth.text)")
            #expect(fifth.text.lowercased().contains("retry-after: 5"))

            held.removeLast().close()
            held.removeLast().close()
            // Their threads see the hang-ups and give their slots back: until then, 503.
            var third: RawClient
            var answer = ""
            let clock = ContinuousClock()
            let deadline = clock.now + .seconds(5)
            repeat {
                third = try RawClient(port: session.server.port, receiveTimeoutSeconds: 5)
                try third.send(head("p5", "c"))
                answer = third.read(until: "\r\n\r\n").text
            } while answer.hasPrefix("HTTP/1.1 503 ") && clock.now < deadline
            #expect(answer.hasPrefix("HTTP/1.1 100 "), "\(answer)")
            let overToken = try await StoreResponse.await(
                session.server.url("/admin/packs/p6"), within: .seconds(5),
                curlArguments: ["-X", "PUT", "--data-binary", "x", "-H", "Authorization: Bearer \(session.tokens["a"]!)"]
            ) { $0.status != 503 }
            #expect(overToken.response.status == 429, "\(overToken.response.text)")
            #expect(overToken.response.headers["retry-after"] == "5")
            held.forEach { $0.close() }
            third.close()
        }

        /// Finding 9: a publish that runs out of space answers 507, like an upload (it was 500).
        @Test(.enabled(if: TemporaryMount.isPermitted))
        func aPublishOnAFullDiskAnswers507() async throws {
            var mount: TemporaryMount?
            let session = try await AdminSession.start(tokens: ["ci": "upload,publish"]) { store in
                mount = try await TemporaryMount(at: store.dataDirectory, sizeMiB: 8)
                return [:]
            }
            let file = try session.store.randomFile("small.bin", count: 100_000)
            #expect(try await session.upload(file, id: "small").status == 201)
            // Fill what is left of the disk.
            let filler = FileHandle(forWritingAtPath: session.store.dataDirectory + "/filler") ?? {
                FileManager.default.createFile(atPath: session.store.dataDirectory + "/filler", contents: nil)
                return FileHandle(forWritingAtPath: session.store.dataDirectory + "/filler")!
            }()
            let block = Data(count: 64 << 10)
            while (try? filler.write(contentsOf: block)) != nil {}
            try? filler.close()
            let publish = try await session.request("POST", "/admin/publish", token: "ci")
            #expect(publish.status == 507, "\(publish.text)")
            _ = try await session.server.stop()
            try await mount?.remove()
        }

        /// Finding 10: ingest and publish through the admin API fill their duration histograms.
        @Test func adminIngestAndPublishAreTimedInMetrics() async throws {
            let session = try await AdminSession.start(
                tokens: ["ci": "upload,publish"], overrides: ["metrics": Metrics.metricsOn])
            let metricsURL = "http://127.0.0.1:\(try await session.server.metricsPort())/metrics"
            let file = try session.store.randomFile("a.bin", count: 10_000)
            #expect(try await session.upload(file, id: "a").status == 201)
            #expect(try await session.request("POST", "/admin/publish", token: "ci").status == 200)
            let samples = try await Metrics.scrape(metricsURL) { $0["packserve_publish_duration_seconds_count"] as? Double == 1 }
            #expect(samples["packserve_ingest_duration_seconds_count"] as? Double == 1, "\(samples)")
            #expect(samples["packserve_publish_duration_seconds_count"] as? Double == 1, "\(samples)")
        }
    }
}
