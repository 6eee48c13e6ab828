import Foundation
import CDNSimulation
import Testing

extension EndToEnd {
    /// Issue 3, "Done means" 1: the real binary from an empty store to a rollback, with a server running
    /// beside the CLI the whole time (as an operator runs them).
    @Suite struct StoreLifecycle {
        /// How long `serve` may take to notice a release another process published (docs/api.md "Command line").
        static let pickUp: Duration = .seconds(1)

        @Test func addListPublishServeNewVersionAndRollback() async throws {
            let store = try StoreWorkspace()
            let server = try await store.serve()
            let ready = try await StoreResponse.get(server.url("/readyz"))
            #expect(ready.status == 503, "readyz before any release: \(ready.status) \(ready.text)")
            #expect(try await StoreResponse.get(server.url("/packs/level-1")).status == 503)

            let first = try store.randomFile("level-1-v1.bin", count: 300_000)
            let firstSHA = try await ExternalTool.sha256(of: first)
            let added = try await store.run(["add", first, "--id", "level-1", "--tag", "forest"])
            #expect(added.stdout.contains("level-1") && added.stdout.contains("version 1")
                && added.stdout.contains("300000") && added.stdout.contains(firstSHA), "\(added)")
            let draft = try await store.run(["ls"])
            #expect(draft.lines.count == 2 && draft.lines[1].hasPrefix("level-1 "), "\(draft)")

            let published = try await store.run(["publish", "--note", "first"])
            #expect(published.stdout.hasPrefix("release 1 published"), "\(published)")
            try await expectServed(server.url("/packs/level-1"), sha256: firstSHA, bytes: first, release: 1, server: server)
            let firstBlob = server.url("/blobs/sha256/\(firstSHA)")
            let blob = try await StoreResponse.get(firstBlob)
            #expect(blob.status == 200 && blob.body == FileManager.default.contents(atPath: first))
            #expect(blob.headers["cache-control"] == "public, max-age=31536000, immutable")

            // A new version in the draft changes nothing a client sees until it is published.
            let second = try store.randomFile("level-1-v2.bin", count: 200_000)
            let secondSHA = try await ExternalTool.sha256(of: second)
            let addedSecond = try await store.run(["add", second, "--id", "level-1"])
            #expect(addedSecond.stdout.contains("version 2"), "\(addedSecond)")
            // (That a poll after the add still serves release 1 is ApplicationTests' `StoreLifecycle`, with the
            // poll made on demand rather than waited for.)

            #expect(try await store.run(["publish"]).stdout.hasPrefix("release 2 published"))
            try await expectServed(server.url("/packs/level-1"), sha256: secondSHA, bytes: second, release: 2, server: server)
            // Blob URLs are immutable: a client holding release 1's manifest still gets release 1's bytes.
            let oldBlob = try await StoreResponse.get(firstBlob)
            #expect(oldBlob.status == 200 && oldBlob.body == FileManager.default.contents(atPath: first))
            #expect(oldBlob.entityTagValue == firstSHA)

            let rollback = try await store.run(["rollback", "1"])
            #expect(rollback.stdout.hasPrefix("release 3 published"), "\(rollback)")
            try await expectServed(server.url("/packs/level-1"), sha256: firstSHA, bytes: first, release: 3, server: server)
            let releaseOne = try await store.run(["ls", "--json", "--release", "1"])
            let releaseThree = try await store.run(["ls", "--json", "--release", "3"])
            // The same content; only the Apple version rises (devices must take release 1's bytes back).
            let decoder = JSONDecoder()
            #expect(try decoder.decode([StorePackObject].self, from: Data(releaseOne.stdout.utf8))
                    == decoder.decode([StorePackObject].self, from: Data(releaseThree.stdout.utf8)),
                    "rollback content differs from release 1")
            #expect(releaseOne.stdout.contains("\"appleVersion\":1,") && releaseThree.stdout.contains("\"appleVersion\":3,"))
            // Release 3 already has release 1's content: the refusal says so (it used to blame the draft).
            let again = try await store.attempt(["rollback", "1"])
            #expect(again.status == 1, "\(again)")
            #expect(again.stderr == "Error: nothing to roll back: the latest release, 3, already has the content of release 1\n", "\(again)")
            #expect(try await server.stop() == 0, "\(server.child.stderr.lines.suffix(3))")
        }

        /// Waits (bounded) until `/readyz` names `release`, then checks the pack's bytes, ETag and headers.
        private func expectServed(
            _ url: String, sha256: String, bytes path: String, release: Int, server: RunningPackServe
        ) async throws {
            let ready = try await StoreResponse.await(server.url("/readyz"), within: Self.pickUp) {
                $0.status == 200 && $0.text == "release \(release)\n"
            }
            #expect(ready.satisfied, "release \(release) not live after \(ready.elapsed): \(ready.response.status) \(ready.response.text)")
            let pack = try await StoreResponse.get(url)
            #expect(pack.status == 200)
            #expect(pack.entityTagValue == sha256, "ETag \(pack.headers["etag"] ?? "none"), expected \(sha256)")
            #expect(pack.headers["etag"] == "\"\(sha256)\"", "a strong ETag in quotes")
            #expect(pack.body == FileManager.default.contents(atPath: path), "body of \(pack.body.count) bytes differs from the file")
            #expect(pack.headers["cache-control"] == "public, max-age=0, s-maxage=60, stale-if-error=86400")
            #expect(pack.headers["accept-ranges"] == "bytes")
            #expect(pack.headers["last-modified"] != nil)
        }
    }
}
