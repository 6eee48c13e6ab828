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
