import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import GRDB
@testable import PackStore
import Testing

@Suite struct ReleaseSnapshotTests {
    /// `/blobs/sha256/{hex}` checks sizes against the index (issue 8), so the snapshot knows the size of every
    /// blob it serves besides its packs': earlier retained releases' (never the draft's, issue 19), until gc
    /// prunes those releases.
    @Test func snapshotKnowsTheSizeOfEveryBlobOfEarlierReleases() throws {
        let fixture = try TemporaryStore()
        let v1 = try fixture.store.add(file: fixture.makeFile("a1", text: "first"), id: "a")
        try fixture.store.publish()
        let v2 = try fixture.store.add(file: fixture.makeFile("a2", text: "second!"), id: "a")
        try fixture.store.publish()
        try fixture.store.add(file: fixture.makeFile("b", text: "draft only"), id: "b")

        let snapshot = try #require(try fixture.store.loadSnapshot())
        #expect(snapshot.packs["a"]?.size == 7 && snapshot.packs["a"]?.sha256 == v2.sha256)
        #expect(snapshot.otherBlobSizes == [v1.sha256: 5])
        // Release 1 as it was live: nothing earlier, and release 2 was not published yet.
        #expect(try fixture.store.loadSnapshot(release: 1)?.otherBlobSizes == [:])
        try fixture.store.remove(id: "b")
        _ = try fixture.store.gc(keepReleases: 1)
        #expect(try fixture.store.loadSnapshot()?.otherBlobSizes == [:])
    }

    @Test func snapshotHoldsEverythingTheServerNeeds() throws {
        let fixture = try TemporaryStore()
        let forest = try fixture.store.add(
            file: fixture.makeFile("forest.zip", text: "trees"), id: "level-5", tags: ["forest", "level-5"],
            policy: .prefetch, order: 1)
        let intro = try fixture.store.add(
            file: fixture.makeFile("intro", text: "intro bytes"), id: "intro", tags: ["forest"], policy: .essential,
            contentType: "application/x-aar")
        try fixture.store.add(file: fixture.makeFile("later", text: "not published"), id: "zz-later")
        try fixture.store.remove(id: "zz-later")
        try fixture.store.publish(note: "spring")

        let snapshot = try #require(try fixture.store.loadSnapshot())
        #expect(snapshot.release == 1)
        #expect(snapshot.note == "spring")
        #expect(snapshot.packIDs == ["intro", "level-5"])
        #expect(snapshot.tags == ["forest": ["intro", "level-5"], "level-5": ["level-5"]])
        #expect(snapshot.totalBytes == forest.size + intro.size)
        #expect(snapshot.packs(taggedWith: "forest")?.map(\.id) == ["intro", "level-5"])
        #expect(snapshot.packs(taggedWith: "desert") == nil)

        let pack = try #require(snapshot.packs["level-5"])
        #expect(pack.version == 1 && pack.size == 5 && pack.sha256 == forest.sha256)
        #expect(pack.blobPath == fixture.blobURL(forest.sha256).path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: pack.blobPath)) == Data("trees".utf8))
        #expect(pack.contentType == "application/zip")
        #expect(pack.tags == ["forest", "level-5"] && pack.policy == .prefetch && pack.order == 1)
        #expect(snapshot.packs["intro"]?.contentType == "application/x-aar")
        #expect(snapshot.packs["intro"]?.policy == .essential)
        #expect(snapshot.sortedPacks.map(\.entry) == (try fixture.store.listRelease(1)))

        #expect(snapshot.blobPath(forSHA256: forest.sha256) == pack.blobPath)
        #expect(snapshot.blobPath(forSHA256: "../../etc/passwd") == nil)
        #expect(snapshot.blobPath(forSHA256: forest.sha256.uppercased()) == nil)
    }

    @Test func olderReleasesLoadByNumber() throws {
        let fixture = try TemporaryStore()
        try fixture.store.add(file: fixture.makeFile("a", text: "1"), id: "a")
        try fixture.store.publish()
        try fixture.store.add(file: fixture.makeFile("b", text: "2"), id: "b")
        try fixture.store.publish()
        #expect(try fixture.store.loadSnapshot(release: 1)?.packIDs == ["a"])
        #expect(try fixture.store.loadSnapshot()?.packIDs == ["a", "b"])
    }

    /// Populates 100,000 packs with real blob files through the internal index API (adding them one by one
    /// would spend minutes in fsync), then times `publish()`, `latestReleaseNumber()` and `loadSnapshot()`.
    @Test func loadingOneHundredThousandPacks() throws {
        let fixture = try TemporaryStore()
        let count = 100_000
        try fixture.store.write { db in
            // Synthetic digests: the loader never hashes, it only needs names that exist on disk.
            try db.execute(
                sql: """
                    WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ? - 1)
                    INSERT INTO pack (id, policy, fetchOrder, contentType, currentVersion, latestVersion)
                    SELECT printf('pack-%06d', i), 'on-demand', 0, 'application/zip', 1, 1 FROM n;
                    INSERT INTO packVersion (packId, version, sha256, size, createdAt, originalFilename)
                    SELECT id, 1, printf('%064x', CAST(substr(id, 6) AS INTEGER)), 8, '2026-01-01 00:00:00.000', 'f'
                    FROM pack;
                    INSERT INTO packTag (packId, tag)
                    SELECT id, 'group-' || (CAST(substr(id, 6) AS INTEGER) % 100) FROM pack;
                    """,
                arguments: [count])
        }
        let blobRoot = fixture.store.blobs.blobRoot
        for index in 0..<count {
            let hex = String(index, radix: 16)
            let sha = String(repeating: "0", count: 64 - hex.count) + hex
            let shard = "\(blobRoot)/\(sha.prefix(2))"
            if index == 0 { try POSIX.makeDirectory(shard) }
            let fd = open("\(shard)/\(sha)", O_WRONLY | O_CREAT, 0o644)
            #expect(fd >= 0)
            close(fd)
        }
        let publishStart = ContinuousClock.now
        #expect(try fixture.store.publish().packCount == count)
        let publishTime = ContinuousClock.now - publishStart

        let probeStart = ContinuousClock.now
        for _ in 0..<100 { #expect(try fixture.store.latestReleaseNumber() == 1) }
        let probeTime = (ContinuousClock.now - probeStart) / 100

        let listStart = ContinuousClock.now
        #expect(try fixture.store.listRelease(1).count == count)
        let listTime = ContinuousClock.now - listStart

        let loadStart = ContinuousClock.now
        let snapshot = try #require(try fixture.store.loadSnapshot())
        let loadTime = ContinuousClock.now - loadStart
        #expect(snapshot.packs.count == count)
        #expect(snapshot.tags.count == 100 && snapshot.tags["group-7"]?.count == count / 100)
        #expect(snapshot.totalBytes == Int64(count * 8))
        #expect(snapshot.packs["pack-000123"]?.sha256 == String(repeating: "0", count: 62) + "7b")
        print("PackStore 100,000 packs: publish \(publishTime), snapshot load \(loadTime) (of which the index read alone takes ~\(listTime)), latestReleaseNumber \(probeTime)")
    }
}
