import Foundation
import PackServeTesting
import PackStore
import Testing

@testable import PackServer

/// Each replica purges the caches in front of it when it goes live (docs/object-storage.md "Replicas"): the
/// documents at its first release, what changed when a scheduled release reaches its instant, nothing before.
@Suite struct ReplicaPurgeTests {
    @Test func aReplicaPurgesWhenItGoesLiveAndNotBefore() async throws {
        let cache = CachePurgerTests.RecordingCache()
        let server = try CachePurgerTests.server(cache)
        let scratch = try ScratchDirectory("replica-purge")
        let bucket = DirectoryBucket(root: scratch.path)
        let writer = BucketReleaseWriter(bucket: bucket)
        // The header the recording cache reads the keys from.
        let purge: [String: any Sendable] = [
            "surrogateKeyHeader": "Surrogate-Key",
            "purge": [["url": "http://127.0.0.1:\(server.localPort)/", "method": "POST"] as [String: any Sendable]],
        ]
        let replica = try await InProcessReplica.start(bucket: bucket, overrides: ["cache": purge])
        let purger = try #require(replica.application.follower.purger)
        func purged() -> [String?] {
            purger.drain()
            return cache.received.withLock { $0.map(\.keys) }
        }
        let now = replica.clock.now
        let first = BucketReleaseWriter.Pack(id: "a", bytes: Array("first".utf8))
        try writer.publish(release: 1, version: 1, packs: [first], notBefore: now - 1, issuedAt: now - 1)
        replica.poll()
        #expect(purged() == ["packserve-documents packserve-documents-production packserve-releases"])

        let changed = BucketReleaseWriter.Pack(id: "a", bytes: Array("changed".utf8))
        try writer.publish(release: 2, version: 2, packs: [changed], notBefore: now + 5, issuedAt: now)
        replica.poll()
        #expect(purged().count == 1, "scheduled, not live: nothing to purge yet")
        replica.clock.advance(by: 5)
        replica.poll()
        let keys = purged()
        #expect(keys.count == 3 && keys[1]?.contains("packserve-documents") == true && keys[1]?.contains("pack-a") == true, "\(keys)")
        #expect(keys.last == "packserve-releases", "the new release is in /releases: \(keys)")
        await replica.stop()
        await server.shutdown()
    }
}
