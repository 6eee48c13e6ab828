import Foundation
import HTTPServer
import Testing

@Suite struct OpenFileCacheTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ofc-\(UUID().uuidString)")

    func write(_ text: String, to name: String) throws -> String {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aValidEntryIsServedWithoutReopening() throws {
        let cache = OpenFileCache(validitySeconds: 3600)
        let path = try write("first", to: "a.txt")
        let first = try cache.open(path: path)
        // Replaced on disk, but inside the validity window: the same descriptor, describing the old bytes.
        _ = try write("second!", to: "a.txt")
        let again = try cache.open(path: path)
        #expect(again === first)
        #expect(again.size == 5)
    }

    @Test func anExpiredEntryIsRevalidatedAndAReplacedFileReopened() throws {
        let cache = OpenFileCache(validitySeconds: 0)
        let path = try write("first", to: "b.txt")
        let first = try cache.open(path: path)
        #expect(try cache.open(path: path) === first, "unchanged file: the cached descriptor is kept")
        let replacement = try write("replacement", to: "b.tmp")
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.moveItem(atPath: replacement, toPath: path)
        let reopened = try cache.open(path: path)
        #expect(reopened !== first)
        #expect(reopened.size == 11)
    }

    @Test func aFileChangedInPlaceIsReopened() throws {
        let cache = OpenFileCache(validitySeconds: 0)
        let path = try write("short", to: "c.txt")
        let first = try cache.open(path: path)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(" and longer".utf8))
        try handle.close()
        let reopened = try cache.open(path: path)
        #expect(reopened !== first)
        #expect(reopened.size == 16)
    }

    @Test func aDeletedFileIsNotFoundAfterRevalidation() throws {
        let cache = OpenFileCache(validitySeconds: 0)
        let path = try write("gone soon", to: "d.txt")
        _ = try cache.open(path: path)
        try FileManager.default.removeItem(atPath: path)
        #expect(throws: OpenFile.OpenError.notFound) { try cache.open(path: path) }
    }

    /// `gc` deletes blobs the cache still holds open; the sweep must let go of them, or the disk space
    /// stays in use until a restart.
    @Test func sweepReleasesDeletedFilesNobodyAsksForAgain() throws {
        let cache = OpenFileCache(validitySeconds: 3600)
        let path = try write("collected by gc", to: "e.txt")
        let kept = try write("still here", to: "f.txt")
        do {
            _ = try cache.open(path: path)
            _ = try cache.open(path: kept)
        }
        try FileManager.default.removeItem(atPath: path)
        #expect(Self.openDescriptorTargets().contains("\(path) (deleted)"))
        cache.sweep()
        #expect(!Self.openDescriptorTargets().contains("\(path) (deleted)"))
        #expect(Self.openDescriptorTargets().contains(kept), "a file that still exists stays cached")
    }

    /// What this process's descriptors point at, as /proc shows it.
    static func openDescriptorTargets() -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return Set(names.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)") })
    }

    /// Without eviction by age, every release's blobs stayed open until the cache filled (1,024 files),
    /// past the usual descriptor limit.
    @Test func sweepClosesFilesUnusedForTheInactiveTime() throws {
        let cache = OpenFileCache(validitySeconds: 3600, inactiveSeconds: 0)
        _ = try cache.open(path: try write("old release", to: "g.txt"))
        #expect(cache.count == 1)
        cache.sweep()
        #expect(cache.count == 0)
        let recent = OpenFileCache(validitySeconds: 3600, inactiveSeconds: 60)
        _ = try recent.open(path: try write("in use", to: "h.txt"))
        recent.sweep()
        #expect(recent.count == 1, "a file used within the inactive time stays open")
    }
}
