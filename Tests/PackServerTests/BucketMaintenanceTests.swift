import Foundation
import PackStore
import Testing

@testable import PackServer

/// `gc` and `fsck --storage` on a directory bucket: what gc removes and what it must leave (retained
/// releases, the live pointer's, recent ones), and fsck finding a deleted and a corrupted object.
@Suite struct BucketMaintenanceTests {
    let layout = BucketLayout()

    func collector(_ fixture: BucketFixture, _ bucket: any ObjectBucket, retainSeconds: Int) -> BucketCollector {
        var configuration = fixture.configuration
        configuration.storage.retainSeconds = retainSeconds
        return BucketCollector(store: fixture.store, bucket: bucket, configuration: configuration, now: { fixture.now })
    }

    func blobs(of release: Int, in bucket: any ObjectBucket) throws -> Set<String> {
        Set(try BucketRelease(json: try #require(try bucket.get(layout.releaseRecord(release)))).packs.map(\.sha256))
    }

    /// The digests of release `release`'s packs, as every release's pack files name them (pack0…2 of seed s
    /// hold bytes s, s+17, s+34): computed, since gc removed the release's rows and records.
    func blobs(of release: Int, in fixture: BucketFixture) throws -> Set<String> {
        Set((0..<3).map { index in
            ReleaseObjects.sha256Hex([UInt8](repeating: UInt8(release) &+ UInt8(index) &* 17, count: 1_000))
        })
    }

    /// Three releases of distinct blobs, each synced; the index keeps only the newest.
    func threeReleases(_ fixture: BucketFixture, _ bucket: any ObjectBucket) throws {
        for seed: UInt8 in 1...3 {
            try fixture.publishRelease(seed: seed)
            _ = try fixture.sync(bucket)
            fixture.advance(1_000)
        }
        _ = try fixture.store.gc(keepReleases: 1)
    }

    /// Release 3's record, published while 1 and 2 were retained, still serves their blobs by digest (its
    /// `otherBlobs`): they leave the bucket once a release published after the index's gc is live.
    @Test func gcRemovesWhatNoKeptReleaseNeeds() throws {
        let fixture = try BucketFixture()
        let bucket = fixture.directoryBucket()
        try threeReleases(fixture, bucket)
        #expect(try collector(fixture, bucket, retainSeconds: 0).run().blobKeys.isEmpty)
        #expect(try bucket.list(prefix: layout.releaseDirectory(1)).isEmpty)

        try fixture.publishRelease(seed: 4)
        _ = try fixture.sync(bucket)
        _ = try fixture.store.gc(keepReleases: 1)
        let old = try blobs(of: 1, in: fixture).union(try blobs(of: 2, in: fixture))
        let kept = try blobs(of: 3, in: bucket).union(try blobs(of: 4, in: bucket))
        let removed = try collector(fixture, bucket, retainSeconds: 0).run()
        #expect(Set(removed.blobKeys) == Set(old.subtracting(kept).map(layout.blob)))
        #expect(!old.subtracting(kept).isEmpty)
        #expect(try bucket.list(prefix: layout.releaseDirectory(3)).isEmpty)
        for digest in kept { #expect(try bucket.size(of: layout.blob(digest)) != nil) }
        #expect(try PointerClosure.missingKeys(in: bucket).isEmpty)
        #expect(try collector(fixture, bucket, retainSeconds: 0).run().keys.isEmpty)
    }

    @Test func gcKeepsReleasesPublishedWithinRetainSeconds() throws {
        let fixture = try BucketFixture()
        let bucket = fixture.directoryBucket()
        try threeReleases(fixture, bucket)
        // All three were made moments ago (the index's createdAt is the wall clock's): a day keeps them all.
        // (Production's earlier signings under channels/ go: a replica reads those once, when it takes them up.)
        let kept = try collector(fixture, bucket, retainSeconds: 86_400).run()
        #expect(kept.releaseKeys.isEmpty && kept.blobKeys.isEmpty, "\(kept)")
        #expect(try !bucket.list(prefix: layout.releaseDirectory(1)).isEmpty)
        let removed = try collector(fixture, bucket, retainSeconds: 0).run()
        #expect(!removed.releaseKeys.isEmpty)
        #expect(try bucket.list(prefix: layout.releaseDirectory(1)).isEmpty)
    }

    @Test func gcNeverRemovesTheReleaseTheLivePointerNames() throws {
        let fixture = try BucketFixture()
        let bucket = fixture.directoryBucket()
        try fixture.publishRelease(seed: 1)
        _ = try fixture.sync(bucket)
        fixture.advance(10_000)
        // Release 2 is in the index but its bucket pass failed: the pointer still names release 1.
        try fixture.publishRelease(seed: 2)
        _ = try fixture.store.gc(keepReleases: 1)
        _ = try collector(fixture, bucket, retainSeconds: 0).run()
        #expect(try PointerClosure.missingKeys(in: bucket).isEmpty)
        #expect(try BucketPointer(json: try #require(try bucket.get(layout.pointer))).release == 1)
    }

    @Test func fsckFindsADeletedAndACorruptedObject() throws {
        let fixture = try BucketFixture()
        let bucket = fixture.directoryBucket()
        let (_, manifest) = try fixture.publishRelease(seed: 1)
        _ = try fixture.sync(bucket)
        let check = BucketCheck(
            store: fixture.store, bucket: bucket, configuration: fixture.configuration,
            scratchDirectory: fixture.root.path)
        #expect(try check.run().problems == [])

        let digests = try blobs(of: 1, in: bucket).sorted()
        try bucket.delete(layout.blob(digests[0]))
        // Same size, other bytes: only hashing finds it.
        try bucket.put(layout.blob(digests[1]), bytes: [UInt8](repeating: 0xEE, count: 1_000), contentType: "x")
        try bucket.delete(layout.manifestSignature(1, version: manifest.version))
        let problems = try check.run().problems
        #expect(problems.contains(.missingObject(key: layout.blob(digests[0]))))
        #expect(problems.contains { if case .corruptBlob(let key, _) = $0 { key == layout.blob(digests[1]) } else { false } })
        #expect(problems.contains(.missingObject(key: layout.manifestSignature(1, version: manifest.version))))
        #expect(problems.count == 3)
    }

    @Test func fsckFindsAPointerBehindTheIndex() throws {
        let fixture = try BucketFixture()
        let bucket = fixture.directoryBucket()
        try fixture.publishRelease(seed: 1)
        _ = try fixture.sync(bucket)
        let (release, manifest) = try fixture.publishRelease(seed: 2)
        let problems = try BucketCheck(
            store: fixture.store, bucket: bucket, configuration: fixture.configuration,
            scratchDirectory: fixture.root.path
        ).run().problems
        #expect(problems.contains(.stalePointer(
            release: 1, version: manifest.version - 1, indexRelease: release.number, indexVersion: manifest.version)))
    }

    /// A publish killed among its documents leaves a directory no pointer ever named: no reader sees it, so
    /// fsck does not count it; an older release the bucket holds whole must still be whole.
    @Test func fsckIgnoresADirectoryNoPointerNamedButChecksWholeOnes() throws {
        let fixture = try BucketFixture()
        let bucket = fixture.directoryBucket()
        try fixture.publishRelease(seed: 1)
        _ = try fixture.sync(bucket)
        try fixture.publishRelease(seed: 2)
        // Release 2's publish died after its record: no manifest form, no pointer to it.
        let records = try bucket.list(prefix: layout.releaseDirectory(1)).filter { $0.key.hasSuffix("release.json") }
        try bucket.put(layout.releaseRecord(2), bytes: try #require(try bucket.get(records[0].key)), contentType: "x")
        try fixture.publishRelease(seed: 3)
        _ = try fixture.sync(bucket)
        let check = BucketCheck(
            store: fixture.store, bucket: bucket, configuration: fixture.configuration,
            scratchDirectory: fixture.root.path)
        #expect(try check.run().problems == [])

        try bucket.delete(layout.releaseRecord(1))
        #expect(try check.run().problems == [.missingObject(key: layout.releaseRecord(1))])
    }
}
