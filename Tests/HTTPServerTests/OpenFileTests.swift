import Foundation
import Glibc
import HTTPServer
import Testing

/// Opening what a request names: never blocking on a FIFO, never leaving the served directory, and
/// every error a path can provoke reported as "not found" rather than a server error.
@Suite struct OpenFileTests {
    let root: String

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("openfile-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: "\(root)/public/sub", withIntermediateDirectories: true)
        try Data("inside".utf8).write(to: URL(fileURLWithPath: "\(root)/public/sub/page.html"))
        try Data("secret".utf8).write(to: URL(fileURLWithPath: "\(root)/secret.key"))
    }

    var publicDirectory: String { "\(root)/public" }

    @Test func aRegularFileBeneathTheRootOpens() throws {
        let file = try OpenFile.open(segments: ["sub", "page.html"], beneath: publicDirectory)
        #expect(file.size == 6)
    }

    /// Without O_NONBLOCK, open(2) of a FIFO waits for a writer: one request would freeze an event loop.
    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        #expect(mkfifo("\(publicDirectory)/pipe", 0o644) == 0)
        #expect(throws: OpenFile.OpenError.notRegularFile) {
            try OpenFile.open(segments: ["pipe"], beneath: publicDirectory)
        }
        #expect(throws: OpenFile.OpenError.notRegularFile) { try OpenFile.open(path: "\(publicDirectory)/pipe") }
    }

    @Test func symbolicLinksOutOfTheRootAreNotFollowed() throws {
        try FileManager.default.createSymbolicLink(atPath: "\(publicDirectory)/key", withDestinationPath: "\(root)/secret.key")
        try FileManager.default.createSymbolicLink(atPath: "\(publicDirectory)/up", withDestinationPath: root)
        #expect(throws: OpenFile.OpenError.notFound) { try OpenFile.open(segments: ["key"], beneath: publicDirectory) }
        #expect(throws: OpenFile.OpenError.notFound) {
            try OpenFile.open(segments: ["up", "secret.key"], beneath: publicDirectory)
        }
    }

    @Test func aLoopOfLinksAndAnOverlongNameAreNotFound() throws {
        try FileManager.default.createSymbolicLink(atPath: "\(publicDirectory)/a", withDestinationPath: "b")
        try FileManager.default.createSymbolicLink(atPath: "\(publicDirectory)/b", withDestinationPath: "a")
        #expect(throws: OpenFile.OpenError.notFound) { try OpenFile.open(path: "\(publicDirectory)/a") }
        let long = String(repeating: "x", count: 300)
        #expect(throws: OpenFile.OpenError.notFound) { try OpenFile.open(segments: [long], beneath: publicDirectory) }
        #expect(throws: OpenFile.OpenError.notFound) { try OpenFile.open(path: "\(publicDirectory)/\(long)") }
    }

    @Test func aFileUsedAsADirectoryIsNotFound() {
        #expect(throws: OpenFile.OpenError.notFound) {
            try OpenFile.open(segments: ["sub", "page.html", "more"], beneath: publicDirectory)
        }
    }
}
