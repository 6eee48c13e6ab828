import Foundation
import CDNSimulation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension EndToEnd {
    /// Issue 8: `add` of odd or oversized input is refused promptly, with one line naming the culprit, and
    /// leaves nothing in `<dataDirectory>/tmp/`. Every command is bounded: a hang fails the test (status nil)
    /// instead of blocking the suite.
    @Suite struct StoreAddRefusal {
        static let limit = ["PACKSERVE_LIMITS_MAXPACKBYTES": String(1 << 20)]

        @Test func aFIFOInsideADirectoryIsRefusedBeforeZipping() async throws {
            let store = try StoreWorkspace()
            let directory = try store.directory.directory("with-fifo")
            try Data("fine".utf8).write(to: URL(fileURLWithPath: "\(directory)/a.txt"))
            let fifo = "\(directory)/b.pipe"
            #expect(mkfifo(fifo, 0o644) == 0)
            // Before: the zipper opened the FIFO and waited for a writer forever.
            let add = try await store.attempt(["add", directory, "--id", "fifo"], timeout: .seconds(30))
            #expect(add.status == 1, "\(add)")
            #expect(add.stderr == "Error: \(fifo) is a FIFO (named pipe): a directory pack holds only regular files and directories; nothing was added\n", "\(add)")
            try expectNothingLeft(store)
        }

        /// Symbolic links are refused whatever they point at: in a zip they unpack on the device as links
        /// into the build machine's file system, and followed they could pull in files from anywhere.
        @Test func aSymbolicLinkInsideADirectoryIsRefused() async throws {
            let store = try StoreWorkspace()
            let directory = try store.directory.directory("with-link")
            try FileManager.default.createDirectory(atPath: "\(directory)/sub", withIntermediateDirectories: true)
            try Data("fine".utf8).write(to: URL(fileURLWithPath: "\(directory)/sub/a.txt"))
            let link = "\(directory)/sub/z-link"
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "a.txt")
            let add = try await store.attempt(["add", directory, "--id", "link"], timeout: .seconds(30))
            #expect(add.status == 1, "\(add)")
            #expect(add.stderr.hasPrefix("Error: \(link) is a symbolic link: "), "\(add)")
            #expect(add.stderr.split(separator: "\n").count == 1, "\(add)")
            try expectNothingLeft(store)
        }

        /// Before: the whole directory was deflated (64 GiB of holes: minutes) and only then compared with
        /// maxPackBytes. Now zipping stops once the zip passes the limit. The random file alone (4 MiB, it
        /// does not compress) is over the 1 MiB limit, and it is zipped first (entries are sorted).
        @Test func aDirectoryThatZipsOverTheLimitIsRefusedWhileZipping() async throws {
            let store = try StoreWorkspace()
            let directory = try store.directory.directory("too-big")
            let random = try store.randomFile("a-random.bin", count: 4 << 20)
            try FileManager.default.moveItem(atPath: random, toPath: "\(directory)/a-random.bin")
            try Self.sparseFile("\(directory)/b-sparse.bin", size: 64 << 30)
            let started = ContinuousClock.now
            let add = try await store.attempt(
                ["add", directory, "--id", "big"], environment: Self.limit, timeout: .seconds(60))
            #expect(add.status == 1, "\(add)")
            #expect(add.stderr == "Error: \(directory) zips to more than maxPackBytes (1048576 bytes); nothing was added\n", "\(add)")
            #expect(ContinuousClock.now - started < .seconds(20))
            try expectNothingLeft(store)
        }

        /// A plain file over the limit is refused from its size, before a byte is copied.
        @Test func aFileOverTheLimitIsRefusedBeforeCopying() async throws {
            let store = try StoreWorkspace()
            let sparse = store.directory.file("sparse.bin")
            try Self.sparseFile(sparse, size: 64 << 20)
            let add = try await store.attempt(["add", sparse, "--id", "sparse"], environment: Self.limit, timeout: .seconds(30))
            #expect(add.status == 1, "\(add)")
            #expect(add.stderr == "Error: \(sparse) is 67108864 bytes, more than maxPackBytes (1048576)\n", "\(add)")
            try expectNothingLeft(store)
        }

        private func expectNothingLeft(_ store: StoreWorkspace) throws {
            let left = (try? FileManager.default.contentsOfDirectory(atPath: store.tempDirectory)) ?? []
            #expect(left.isEmpty, "left in tmp/: \(left)")
            let blobs = FileManager.default.enumerator(atPath: store.blobRoot)?.allObjects ?? []
            #expect(blobs.isEmpty, "blobs stored: \(blobs)")
        }

        /// A file of `size` bytes that occupies no disk blocks.
        static func sparseFile(_ path: String, size: UInt64) throws {
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.truncate(atOffset: size)
            try handle.close()
        }
    }
}
