import Foundation
import PackStore
import Testing

@Suite struct ValidationTests {
    @Test func refusalsOfAdd() throws {
        let fixture = try TemporaryStore()
        let file = try fixture.makeFile("f", text: "0123456789")
        #expect(throws: PackStoreError.invalidPackID("Bad_ID")) { try fixture.store.add(file: file, id: "Bad_ID") }
        #expect(throws: PackStoreError.invalidTag("no space")) {
            try fixture.store.add(file: file, id: "ok", tags: ["good", "no space"])
        }
        #expect(throws: PackStoreError.invalidOrder(-1)) { try fixture.store.add(file: file, id: "ok", order: -1) }
        #expect(throws: PackStoreError.invalidContentType("zip")) {
            try fixture.store.add(file: file, id: "ok", contentType: "zip")
        }
        #expect(throws: PackStoreError.packTooLarge(path: file.path, size: 10, maxPackBytes: 9)) {
            try fixture.store.add(file: file, id: "ok", limits: IngestLimits(maxPackBytes: 9))
        }
        let missing = fixture.root.appendingPathComponent("missing")
        #expect(throws: PackStoreError.fileNotFound(path: missing.path)) {
            try fixture.store.add(file: missing, id: "ok")
        }
        #expect(throws: PackStoreError.notARegularFile(path: "/dev/null")) {
            try fixture.store.add(file: URL(fileURLWithPath: "/dev/null"), id: "ok")
        }
        // Exactly at the limit is fine.
        #expect(try fixture.store.add(file: file, id: "ok", limits: IngestLimits(maxPackBytes: 10)).size == 10)
        #expect(try fixture.store.listDraft().map(\.id) == ["ok"])
        #expect(try fixture.blobFiles().count == 1)
    }

    @Test func fileChangingDuringIngestIsRefusedAndLeavesNothing() throws {
        let fixture = try TemporaryStore()
        // Bigger than one copy buffer, so progress is reported while the copy is still running.
        let file = try fixture.makeFile("growing", Array(repeating: 1, count: 9 << 20))
        var reports = 0
        #expect(throws: PackStoreError.fileChangedDuringIngest(path: file.path)) {
            try fixture.store.add(file: file, id: "growing") { done, total in
                reports += 1
                if reports == 1 {
                    let handle = try! FileHandle(forWritingTo: file)
                    handle.seekToEndOfFile()
                    handle.write(Data([2]))
                    try! handle.close()
                }
            }
        }
        #expect(try fixture.store.listDraft().isEmpty)
        #expect(try fixture.blobFiles().isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.dataDirectory.path + "/tmp").isEmpty)
    }

    @Test func touchingTheFileDuringIngestIsAlsoAChange() throws {
        let fixture = try TemporaryStore()
        let file = try fixture.makeFile("touched", Array(repeating: 1, count: 9 << 20))
        var touched = false
        #expect(throws: PackStoreError.fileChangedDuringIngest(path: file.path)) {
            try fixture.store.add(file: file, id: "touched") { _, _ in
                guard !touched else { return }
                touched = true
                try! FileManager.default.setAttributes(
                    [.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: file.path)
            }
        }
    }

    @Test func progressIsThrottledAndEndsAtTheTotal() throws {
        let fixture = try TemporaryStore()
        let size = 64 << 20
        let file = try fixture.makeFile("big", Array(repeating: 3, count: size))
        var reports: [(Int64, Int64)] = []
        let start = Date()
        try fixture.store.add(file: file, id: "big") { done, total in reports.append((done, total)) }
        let seconds = Date().timeIntervalSince(start)
        #expect(reports.count >= 2)
        #expect(Double(reports.count) <= seconds * 10 + 2)
        #expect(reports.last.map { $0.0 == Int64(size) && $0.1 == Int64(size) } == true)
        #expect(reports.map(\.0) == reports.map(\.0).sorted())
    }

    @Test func refusalsOfDraftEdits() throws {
        let fixture = try TemporaryStore()
        try fixture.store.add(file: fixture.makeFile("f", text: "x"), id: "known")
        #expect(throws: PackStoreError.unknownPackID("ghost")) { try fixture.store.remove(id: "ghost") }
        #expect(throws: PackStoreError.unknownPackID("ghost")) { try fixture.store.tag(id: "ghost", add: ["t"]) }
        #expect(throws: PackStoreError.unknownPackID("ghost")) { try fixture.store.set(id: "ghost", order: 1) }
        #expect(throws: PackStoreError.unknownPackID("ghost")) { try fixture.store.versions(id: "ghost") }
        #expect(throws: PackStoreError.invalidPackID("U_P")) { try fixture.store.remove(id: "U_P") }
        #expect(throws: PackStoreError.invalidTag(".x")) { try fixture.store.tag(id: "known", remove: [".x"]) }
        #expect(throws: PackStoreError.invalidTag("a b")) { try fixture.store.listDraft(tag: "a b") }
        #expect(throws: PackStoreError.invalidOrder(Int(Int32.max) + 1)) {
            try fixture.store.set(id: "known", order: Int(Int32.max) + 1)
        }
        try fixture.store.remove(id: "known")
        #expect(throws: PackStoreError.unknownPackID("known")) { try fixture.store.remove(id: "known") }
    }

    @Test func refusalsOfReleaseOperations() throws {
        let fixture = try TemporaryStore()
        #expect(throws: PackStoreError.unknownRelease(1)) { try fixture.store.listRelease(1) }
        #expect(throws: PackStoreError.unknownRelease(4)) { try fixture.store.rollback(to: 4) }
        #expect(throws: PackStoreError.unknownRelease(2)) { try fixture.store.release(2) }
        #expect(throws: PackStoreError.unknownRelease(2)) { try fixture.store.loadSnapshot(release: 2) }
        #expect(throws: PackStoreError.invalidKeepReleases(0)) { try fixture.store.gc(keepReleases: 0) }
        #expect(try fixture.store.loadSnapshot() == nil)
    }

    @Test(arguments: [
        PackStoreError.invalidPackID("X"), .invalidTag("_"), .unknownPackID("a"), .unknownPolicy("p"),
        .packTooLarge(path: "/f", size: 2, maxPackBytes: 1), .fileChangedDuringIngest(path: "/f"),
        .fileNotFound(path: "/f"), .notARegularFile(path: "/f"),
        .unsupportedDirectoryEntry(path: "/d/p", kind: "FIFO (named pipe)"), .archiveTooLarge(path: "/d", maxPackBytes: 1), .nothingToPublish(latestRelease: nil),
        .nothingToPublish(latestRelease: 3), .rollbackChangesNothing(release: 1, latestRelease: 3),
        .rollbackChangesNothing(release: 3, latestRelease: 3), .unknownRelease(9), .releasePruned(1), .invalidKeepReleases(0),
        .invalidOrder(-1), .invalidContentType("x"), .io(operation: "write", path: "/f", errno: 28),
        .archiveFailed(path: "/d", reason: "boom"), .database(message: "disk I/O error"), .indexTooNew(path: "/i"),
        .tooManyArchiveEntries(path: "/a.aar", maxArchiveEntries: 10), .invalidUserInfo("userInfo is 70000 bytes, more than 65536"),
        .untrustworthyIndex(path: "/i", problem: "p"), .untrustworthyDocument(name: "current.json", problem: "p"),
    ])
    func messagesAreOneNonEmptyLine(error: PackStoreError) {
        #expect(!error.description.isEmpty)
        #expect(!error.description.contains("\n"))
        #expect(error.errorDescription == error.description)
    }
}
