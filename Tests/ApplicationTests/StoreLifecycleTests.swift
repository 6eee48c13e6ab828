import Foundation
import PackServeTesting
import Testing

/// Issue 3, "Done means" 1, as the server sees it: from an empty store to a rollback, each release taken up
/// by the watcher's poll, and a draft never served before it is published (the CLI's side, with the binary
/// running beside it, is the end-to-end suite's `StoreLifecycle`).
@Suite struct StoreLifecycle {
    @Test func readinessReleasesDraftsAndRollbackAsServed() async throws {
        let server = try await InProcessPackServe.start()
        let client = server.client
        let ready = try await client.get("/readyz")
        #expect(ready.status == 503, "readyz before any release: \(ready.status) \(ready.text)")
        #expect(try await client.get("/packs/level-1").status == 503)

        let first = try server.addRandom("level-1-v1.bin", count: 300_000, id: "level-1", tags: ["forest"])
        let firstSHA = try FileDigest.sha256(of: first)
        #expect(try server.publish(note: "first") == 1)
        try await Self.expectServed(server, sha256: firstSHA, bytes: first, release: 1)
        let blob = try await client.get("/blobs/sha256/\(firstSHA)")
        #expect(blob.status == 200 && blob.body == FileManager.default.contents(atPath: first))
        #expect(blob.headers["cache-control"] == "public, max-age=31536000, immutable")

        // A new version in the draft changes nothing a client sees until it is published, whatever the
        // watcher polls in between.
        let second = try server.addRandom("level-1-v2.bin", count: 200_000, id: "level-1")
        let secondSHA = try FileDigest.sha256(of: second)
        server.refresh()
        let unpublished = try await client.get("/packs/level-1")
        #expect(unpublished.entityTagValue == firstSHA, "the draft leaked before publish")
        #expect(unpublished.body == FileManager.default.contents(atPath: first))

        #expect(try server.publish() == 2)
        try await Self.expectServed(server, sha256: secondSHA, bytes: second, release: 2)
        // Blob URLs are immutable: a client holding release 1's manifest still gets release 1's bytes.
        let oldBlob = try await client.get("/blobs/sha256/\(firstSHA)")
        #expect(oldBlob.status == 200 && oldBlob.body == FileManager.default.contents(atPath: first))
        #expect(oldBlob.entityTagValue == firstSHA)

        let signer = try #require(server.application.signer)
        let (rollback, _) = try signer.rollback(to: 1, in: server.store, now: server.clock.now)
        #expect(rollback.number == 3)
        server.refresh()
        try await Self.expectServed(server, sha256: firstSHA, bytes: first, release: 3)
        await server.stop()
    }

    /// `/readyz` names `release`; the pack's bytes, ETag and headers are release `release`'s.
    static func expectServed(_ server: InProcessPackServe, sha256: String, bytes path: String, release: Int) async throws {
        let ready = try await server.client.get("/readyz")
        #expect(ready.status == 200 && ready.text == "release \(release)\n", "\(ready.status) \(ready.text)")
        let pack = try await server.client.get("/packs/level-1")
        #expect(pack.status == 200)
        #expect(pack.headers["etag"] == "\"\(sha256)\"", "a strong ETag in quotes, the SHA-256")
        #expect(pack.body == FileManager.default.contents(atPath: path), "body of \(pack.body.count) bytes differs from the file")
        #expect(pack.headers["cache-control"] == "public, max-age=0, s-maxage=60, stale-if-error=86400")
        #expect(pack.headers["accept-ranges"] == "bytes")
        #expect(pack.headers["last-modified"] != nil)
    }
}
