import Foundation
import CDNSimulation
import PackServeTesting
import Polling
import RawHTTPClient
import Testing

extension EndToEnd {
    /// Issue 12, uploads through `PUT /admin/packs/{id}`: streamed in bounded memory, and every failed
    /// upload — aborted, wrong digest, over maxPackBytes, disk full — leaves the draft and the blob store as
    /// they were (`fsck` clean, the same files).
    @Suite struct AdminUploads {
        /// Done means 1: `packserve push --publish` of 2 GiB (`scripts/test-heavy`; 512 MiB in the suite, eight
        /// times the bound) while the server's resident memory is sampled from /proc every 20 ms; the pack is
        /// in the next manifest with its exact size and SHA-256, and `/packs/{id}` serves it byte-exact.
        @Test func aLargePushIsPublishedByteExactInBoundedMemory() async throws {
            let session = try await AdminSession.start(tokens: ["ci": "upload,publish,read"])
            let size = HeavyTests.enabled ? 2 << 30 : 512 << 20
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

        @Test func anAbortedUploadAndAWrongDigestKeepNothing() async throws {
            let session = try await AdminSession.start(tokens: ["ci": "upload,publish,read"])
            let kept = try session.store.randomFile("kept.bin", count: 200_000)
            #expect(try await session.upload(kept, id: "kept").status == 201)
            let filesBefore = try session.storedFiles()
            let draftBefore = try await session.store.run(["ls", "--json"]).stdout

            // Half of a 20 MB body, then the client hangs up.
            let socket = try RawClient(port: session.server.port)
            try socket.send(
                "PUT /admin/packs/aborted HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(session.tokens["ci"]!)\r\nContent-Length: 20000000\r\n\r\n")
            try socket.send([UInt8](repeating: 0x5A, count: 10_000_000))
            socket.close()

            // A body whose SHA-256 is not the announced one.
            let file = try session.store.randomFile("wrong.bin", count: 5_000_000)
            let zeros = Data(count: 32).base64EncodedString()
            let mismatch = try await session.upload(file, id: "wrong", headers: ["Content-Digest: sha-256=:\(zeros):"])
            #expect(mismatch.status == 400)
            #expect(mismatch.text.contains("not \(String(repeating: "0", count: 64))"), "\(mismatch.text)")
            let malformed = try await session.upload(file, id: "wrong", headers: ["Content-Digest: sha-256=abc"])
            #expect(malformed.status == 400)

            // The aborted upload's thread notices the hang-up and removes its temp file.
            let settled = try await session.server.probe.await(within: .seconds(5)) { _ in
                (try? session.storedFiles()) == filesBefore
            }
            #expect(settled, "\((try? session.storedFiles()) ?? []) != \(filesBefore)")
            #expect(try await session.store.run(["ls", "--json"]).stdout == draftBefore)
            let fsck = try await session.store.run(["fsck"])
            #expect(fsck.lines.last?.hasSuffix(": consistent") == true, "\(fsck)")
        }

        /// Over maxPackBytes: refused before a byte is read when Content-Length says so, and as soon as a
        /// chunked body passes it.
        @Test func aPackOverMaxPackBytesIsRefusedAndKeepsNothing() async throws {
            let session = try await AdminSession.start(
                tokens: ["ci": "upload"], overrides: ["limits": ["maxPackBytes": 1_000_000] as [String: any Sendable]])
            let file = try session.store.randomFile("big.bin", count: 3_000_000)
            let announced = try await session.upload(file, id: "big")
            #expect(announced.status == 413, "\(announced.text)")
            #expect(announced.text.contains("maxPackBytes (1000000)"))
            let chunked = try await session.upload(file, id: "big", headers: ["Transfer-Encoding: chunked"])
            #expect(chunked.status == 413, "\(chunked.text)")
            #expect(try session.storedFiles().isEmpty)
            #expect(try await session.store.run(["fsck"]).lines.last?.hasSuffix("consistent") == true)
            let small = try session.store.randomFile("small.bin", count: 1_000_000)
            #expect(try await session.upload(small, id: "small").status == 201)
        }

        /// The data directory on a 24 MiB tmpfs: a 40 MB upload runs out of space, gets 507, and leaves the
        /// store as it was. Needs permission to mount (root in the test container).
        @Test(.enabled(if: TemporaryMount.isPermitted))
        func aFullDiskAnswers507AndKeepsNothing() async throws {
            var mount: TemporaryMount?
            let session = try await AdminSession.start(tokens: ["ci": "upload"]) { store in
                mount = try await TemporaryMount(at: store.dataDirectory, sizeMiB: 24)
                return [:]
            }
            let small = try session.store.randomFile("small.bin", count: 100_000)
            #expect(try await session.upload(small, id: "small").status == 201)
            let filesBefore = try session.storedFiles()
            let file = try session.store.randomFile("huge.bin", count: 40_000_000)
            let full = try await session.upload(file, id: "huge")
            #expect(full.status == 507, "\(full.text)")
            #expect(full.text.contains("No space left on device"))
            #expect(try session.storedFiles() == filesBefore)
            let draft = try await session.store.run(["ls", "--json"]).stdout
            #expect(draft.contains(#""id":"small""#) && !draft.contains(#""id":"huge""#))
            #expect(try await session.store.run(["fsck"]).lines.last?.hasSuffix("consistent") == true)
            _ = try await session.server.stop()
            try await mount?.remove()
        }
    }
}
