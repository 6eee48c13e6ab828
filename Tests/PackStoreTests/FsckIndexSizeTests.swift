import Foundation
import GRDB
import Testing

@testable import PackStore

/// Issue 8: an index row recording a size its intact blob does not have used to pass as consistent (a
/// release row's size was not even looked at). The blob's hash decides which side is wrong.
@Suite struct FsckIndexSizeTests {
    /// A published 12-byte pack whose release row says 13 bytes.
    static func storeWithAReleaseRowOfTheWrongSize() throws -> (TemporaryStore, PackVersion) {
        let fixture = try TemporaryStore()
        let pack = try fixture.store.add(file: fixture.makeFile("a", text: "twelve bytes"), id: "a")
        try fixture.store.publish()
        try fixture.store.write { db in try db.execute(sql: "UPDATE releasePack SET size = 13") }
        return (fixture, pack)
    }

    @Test func aReleaseRowWithTheWrongSizeIsAnIndexProblemNotACorruptBlob() throws {
        let (fixture, pack) = try Self.storeWithAReleaseRowOfTheWrongSize()
        let report = try fixture.store.fsck()
        #expect(!report.isConsistent)
        #expect(report.corruptBlobs.isEmpty && report.missingBlobs.isEmpty)
        #expect(report.indexProblems == [
            "release 1 records blob \(pack.sha256) as 13 bytes; the blob is 12 bytes and matches its digest"
        ])
    }

    @Test func aTruncatedBlobIsStillCorruptWhateverTheRowsSay() throws {
        let (fixture, pack) = try Self.storeWithAReleaseRowOfTheWrongSize()
        try Data("twelve".utf8).write(to: fixture.blobURL(pack.sha256))

        let report = try fixture.store.fsck()
        #expect(report.indexProblems.isEmpty)
        #expect(report.corruptBlobs.map(\.detail) == ["size 6 bytes, expected 12 or 13"])
    }
}
