import Foundation
import GRDB
@testable import PackStore
import Testing

@Suite struct ReleaseSnapshotTests {
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
        let mtime = try FileManager.default.attributesOfItem(atPath: pack.blobPath)[.modificationDate] as? Date
        #expect(mtime.map { abs($0.timeIntervalSince(pack.blobModified)) < 0.001 } == true)
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
    /// would spend minutes in fsync), then times `latestReleaseNumber()` and `loadSnapshot()`.
    @Test func loadingOneHundredThousandPacks() throws {
        let fixture = try TemporaryStore()
        let count = 100_000
        let blobs = fixture.store.blobs
        try fixture.store.write { db in
            let insertPack = try db.makeStatement(
                sql: "INSERT INTO pack (id, policy, fetchOrder, contentType, currentVersion, latestVersion) VALUES (?, 'on-demand', 0, 'application/zip', 1, 1)")
            let insertVersion = try db.makeStatement(
                sql: "INSERT INTO packVersion (packId, version, sha256, size, createdAt, originalFilename) VALUES (?, 1, ?, 8, ?, 'f')")
            let insertTag = try db.makeStatement(sql: "INSERT INTO packTag (packId, tag) VALUES (?, ?)")
            let now = Date()
            for index in 0..<count {
                let id = "pack-\(index)"
                let sha = TemporaryStore.sha256Hex(Array(id.utf8))
                try insertPack.execute(arguments: [id])
                try insertVersion.execute(arguments: [id, sha, now])
                try insertTag.execute(arguments: [id, "group-\(index % 100)"])
                let shard = "\(blobs.blobRoot)/\(sha.prefix(2))"
                try POSIX.makeDirectory(shard)
                #expect(FileManager.default.createFile(atPath: "\(shard)/\(sha)", contents: Data(repeating: 0, count: 8)))
            }
        }
        let publishStart = ContinuousClock.now
        #expect(try fixture.store.publish().packCount == count)
        let publishTime = ContinuousClock.now - publishStart

        let probeStart = ContinuousClock.now
        for _ in 0..<100 { #expect(try fixture.store.latestReleaseNumber() == 1) }
        let probeTime = (ContinuousClock.now - probeStart) / 100

        let loadStart = ContinuousClock.now
        let snapshot = try #require(try fixture.store.loadSnapshot())
        let loadTime = ContinuousClock.now - loadStart
        #expect(snapshot.packs.count == count)
        #expect(snapshot.tags.count == 100 && snapshot.tags["group-7"]?.count == count / 100)
        #expect(snapshot.totalBytes == Int64(count * 8))
        print("PackStore 100,000 packs: publish \(publishTime), snapshot load \(loadTime), latestReleaseNumber \(probeTime)")
    }
}
