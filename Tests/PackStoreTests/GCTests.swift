import Foundation
import PackStore
import Testing

@Suite struct GCTests {
    @Test func keepsWhatRetainedReleasesAndTheDraftNeed() throws {
        let fixture = try TemporaryStore()
        var shas: [String] = []
        // Releases 1…4, each with a new version of "a"; "b" is only ever in release 1.
        try fixture.store.add(file: fixture.makeFile("b", text: "only in release one"), id: "b")
        for number in 1...4 {
            shas.append(try fixture.store.add(file: fixture.makeFile("a\(number)", text: "a v\(number)"), id: "a").sha256)
            if number == 2 { try fixture.store.remove(id: "b") }
            try fixture.store.publish()
        }
        // A draft version not yet published must survive too.
        let draft = try fixture.store.add(file: fixture.makeFile("a5", text: "a v5, draft"), id: "a")
        let bSHA = TemporaryStore.sha256Hex(Array("only in release one".utf8))

        let report = try fixture.store.gc(keepReleases: 2)
        #expect(report.prunedReleases == [1, 2])
        #expect(report.removedBlobs == 3)  // a v1, a v2, b
        #expect(report.removedVersions == 3)
        #expect(report.freedBytes == Int64("a v1".utf8.count + "a v2".utf8.count + "only in release one".utf8.count))

        for gone in [shas[0], shas[1], bSHA] {
            #expect(!FileManager.default.fileExists(atPath: fixture.blobURL(gone).path))
        }
        for kept in [shas[2], shas[3], draft.sha256] {
            #expect(FileManager.default.fileExists(atPath: fixture.blobURL(kept).path))
        }
        #expect(try fixture.store.listRelease(3).map(\.sha256) == [shas[2]])
        #expect(try fixture.store.listRelease(4).map(\.sha256) == [shas[3]])
        #expect(throws: PackStoreError.releasePruned(1)) { try fixture.store.listRelease(1) }
        #expect(throws: PackStoreError.releasePruned(2)) { try fixture.store.rollback(to: 2) }
        #expect(try fixture.store.releases().map(\.isPruned) == [true, true, false, false])
        #expect(try fixture.store.versions(id: "a").map(\.version) == [3, 4, 5])
        #expect(try fixture.store.fsck().isClean)

        // Rolling back to a retained release still works, and version numbers are never reused.
        #expect(try fixture.store.rollback(to: 3).number == 5)
        #expect(try fixture.store.add(file: fixture.makeFile("b2", text: "b again"), id: "b").version == 2)

        let second = try fixture.store.gc(keepReleases: 2)
        #expect(second.prunedReleases == [3])
        #expect(second.removedBlobs == 0)  // a v3 is in release 5 (the rollback)
    }

    @Test func defaultKeepsTenReleasesAndRemovesOrphans() throws {
        let fixture = try TemporaryStore()
        for number in 1...12 {
            try fixture.store.add(file: fixture.makeFile("p\(number)", text: "v\(number)"), id: "p")
            try fixture.store.publish()
        }
        let orphan = fixture.blobURL(String(repeating: "cd", count: 32))
        try FileManager.default.createDirectory(
            at: orphan.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("stray".utf8).write(to: orphan)

        let report = try fixture.store.gc()
        #expect(report.prunedReleases == [1, 2])
        #expect(report.removedBlobs == 3)
        #expect(try fixture.blobFiles().count == 10)
        #expect(!FileManager.default.fileExists(atPath: orphan.path))
        #expect(try fixture.store.fsck().isClean)
    }
}
