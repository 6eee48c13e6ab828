import Foundation
import PackStore
import Testing

@Suite struct FsckTests {
    @Test func aFreshStoreIsClean() throws {
        let fixture = try TemporaryStore()
        try fixture.store.add(file: fixture.makeFile("a", text: "a"), id: "a")
        try fixture.store.publish()
        let report = try fixture.store.fsck()
        #expect(report.isConsistent && report.isClean)
        #expect(report.checkedBlobs == 1)
        #expect(report.lines.isEmpty)
    }

    @Test func findsCorruptMissingOrphanAndTempAndRepairsOnlyGarbage() throws {
        let fixture = try TemporaryStore()
        let corrupt = try fixture.store.add(file: fixture.makeFile("c", text: "will be corrupted"), id: "corrupt")
        let truncated = try fixture.store.add(file: fixture.makeFile("t", text: "will be truncated"), id: "truncated")
        let missing = try fixture.store.add(file: fixture.makeFile("m", text: "will go missing"), id: "missing")
        try fixture.store.publish()

        // Same size, different bytes: only the hash can tell.
        try Data("WILL BE CORRUPTED".utf8).write(to: fixture.blobURL(corrupt.sha256))
        try Data("will".utf8).write(to: fixture.blobURL(truncated.sha256))
        try FileManager.default.removeItem(at: fixture.blobURL(missing.sha256))
        let orphanHex = String(repeating: "ab", count: 32)
        let orphan = fixture.blobURL(orphanHex)
        try FileManager.default.createDirectory(
            at: orphan.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("nobody needs me".utf8).write(to: orphan)
        let temp = fixture.dataDirectory.appendingPathComponent("tmp/interrupted.partial")
        try Data("half".utf8).write(to: temp)

        let report = try fixture.store.fsck()
        #expect(!report.isConsistent)
        #expect(report.corruptBlobs.map(\.sha256).sorted() == [corrupt.sha256, truncated.sha256].sorted())
        let corruptDetail = try #require(report.corruptBlobs.first { $0.sha256 == corrupt.sha256 }).detail
        #expect(corruptDetail.hasPrefix("content hashes to"))
        #expect(report.corruptBlobs.first { $0.sha256 == truncated.sha256 }?.detail == "size 4 bytes, expected 17")
        #expect(report.missingBlobs.map(\.sha256) == [missing.sha256])
        #expect(report.missingBlobs.first?.referencedBy == ["pack missing version 1", "release 1"])
        #expect(report.orphanBlobs == [orphan.path])
        #expect(report.orphanBytes == 15)
        #expect(report.tempFiles == [temp.path])
        #expect(report.removedFiles.isEmpty)
        #expect(report.lines.count == 5)
        // Reporting alone changes nothing.
        #expect(FileManager.default.fileExists(atPath: orphan.path))

        let repaired = try fixture.store.fsck(repair: true)
        #expect(repaired.removedFiles.sorted() == [orphan.path, temp.path].sorted())
        #expect(!FileManager.default.fileExists(atPath: orphan.path))
        #expect(!FileManager.default.fileExists(atPath: temp.path))
        // Damaged blobs are evidence, never deleted.
        #expect(FileManager.default.fileExists(atPath: fixture.blobURL(corrupt.sha256).path))
        #expect(FileManager.default.fileExists(atPath: fixture.blobURL(truncated.sha256).path))

        let after = try fixture.store.fsck()
        #expect(after.orphanBlobs.isEmpty && after.tempFiles.isEmpty)
        #expect(after.corruptBlobs.count == 2 && after.missingBlobs.count == 1)
    }

    @Test func aMisplacedOrMisnamedFileIsAnOrphan() throws {
        let fixture = try TemporaryStore()
        let added = try fixture.store.add(file: fixture.makeFile("a", text: "a"), id: "a")
        // The right name in the wrong shard is not a blob address.
        let wrongShard = fixture.dataDirectory.appendingPathComponent("blobs/sha256/zz/\(added.sha256)")
        try FileManager.default.createDirectory(
            at: wrongShard.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("a".utf8).write(to: wrongShard)
        let report = try fixture.store.fsck()
        #expect(report.isConsistent)
        #expect(report.orphanBlobs == [wrongShard.path])
    }
}
