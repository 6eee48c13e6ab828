import Foundation
import PackStore
import Testing

@Suite struct DirectoryBucketTests {
    private func bucket() throws -> DirectoryBucket {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bucket-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        return DirectoryBucket(root: root)
    }

    @Test func putGetListAndDelete() throws {
        let bucket = try bucket()
        try bucket.put("releases/1/release.json", bytes: Array("{}".utf8), contentType: "application/json")
        try bucket.put("current.json", bytes: Array("1".utf8), contentType: "application/json")
        #expect(try bucket.get("current.json") == Array("1".utf8))
        #expect(try bucket.list(prefix: "releases/").map(\.key) == ["releases/1/release.json"])
        #expect(try bucket.list(prefix: "").map(\.key) == ["current.json", "releases/1/release.json"])
        #expect(try bucket.size(of: "releases/1/release.json") == 2)
        try bucket.delete("current.json")
        try bucket.delete("current.json")
        #expect(try bucket.get("current.json", ifNoneMatch: nil) == .missing)
    }

    @Test func conditionalGetAnswersNotModifiedUntilTheObjectIsReplaced() throws {
        let bucket = try bucket()
        try bucket.put("current.json", bytes: Array("1".utf8), contentType: "application/json")
        guard case .object(_, let etag) = try bucket.get("current.json", ifNoneMatch: nil) else {
            Issue.record("no object")
            return
        }
        #expect(try bucket.get("current.json", ifNoneMatch: etag) == .notModified)
        try bucket.put("current.json", bytes: Array("2".utf8), contentType: "application/json")
        #expect(try bucket.get("current.json", ifNoneMatch: etag) != .notModified)
    }

    @Test func aFileIsSentOnlyWhenAbsentAndDownloadsWhole() throws {
        let bucket = try bucket()
        let source = bucket.root + "/../source-\(UUID().uuidString)"
        let bytes = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(bytes).write(to: URL(fileURLWithPath: source))
        #expect(try bucket.putFileIfAbsent("blobs/sha256/x", path: source, size: Int64(bytes.count), contentType: "a/b"))
        #expect(try !bucket.putFileIfAbsent("blobs/sha256/x", path: source, size: Int64(bytes.count), contentType: "a/b"))
        let copy = bucket.root + "/../copy-\(UUID().uuidString)"
        #expect(try bucket.download("blobs/sha256/x", to: copy))
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: copy))) == bytes)
        #expect(try !bucket.download("blobs/sha256/y", to: copy))
    }

    @Test func keysThatWouldLeaveTheRootAreRefused() throws {
        let bucket = try bucket()
        for key in ["../escape", "a//b"] {
            #expect(throws: BucketError(.refused, key: key, "not a key of a directory bucket (an empty, . or .. segment)")) {
                try bucket.put(key, bytes: [], contentType: "a/b")
            }
        }
        #expect(throws: BucketError.self) { try bucket.get("/etc/passwd") }
    }

    /// Round 3, finding 6: `export` followed a symbolic link to a directory inside its target and wrote
    /// wherever it pointed. A write under a link is refused; nothing appears at the link's target.
    @Test func aWriteThroughASymbolicLinkIsRefused() throws {
        let bucket = try bucket()
        let elsewhere = try self.bucket().root
        try FileManager.default.createSymbolicLink(atPath: bucket.root + "/blobs", withDestinationPath: elsewhere)
        #expect(throws: BucketError(.refused, key: "blobs/sha256/x", "cannot write through the symbolic link \(bucket.root)/blobs")) {
            try bucket.put("blobs/sha256/x", bytes: [1], contentType: "a/b")
        }
        #expect(throws: BucketError.self) { try bucket.putFile("blobs/y", path: "/dev/null", contentType: "a/b") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
        try bucket.put("releases/1/release.json", bytes: [1], contentType: "a/b")
        #expect(try bucket.get("releases/1/release.json") != nil)
    }
}
