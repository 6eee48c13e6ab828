import Crypto
import Digests
import Foundation
import Testing

/// `FileDigest` on real files: the digest of the whole file or of a span equals swift-crypto's of the same
/// bytes in memory, across the read buffer's boundary, and a failure names the file.
@Suite struct FileDigestTests {
    let directory: String

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("file-digest-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = "\(directory)/\(name)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// One byte more than a read takes, so the last read is short.
    static let bytes = (0..<(FileDigest.bufferSize + 1)).map { UInt8(truncatingIfNeeded: $0 &* 31) }

    @Test func wholeFileSHA256() throws {
        let path = try file("whole", Self.bytes)
        let (hex, size) = try FileDigest.sha256Hex(ofFileAt: path)
        #expect(hex == SHA256.hash(data: Self.bytes).map { String(format: "%02x", $0) }.joined())
        #expect(size == Int64(Self.bytes.count))
    }

    @Test func emptyFile() throws {
        let (hex, size) = try FileDigest.sha256Hex(ofFileAt: try file("empty", []))
        #expect(hex == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" && size == 0)
    }

    @Test func spanWithAnotherHash() throws {
        let path = try file("span", Self.bytes)
        let offset = 1, length = FileDigest.bufferSize
        let (digest, size) = try FileDigest.digest(Insecure.MD5.self, ofFileAt: path, offset: Int64(offset), length: Int64(length))
        #expect(digest == Insecure.MD5.hash(data: Self.bytes[offset..<(offset + length)]))
        #expect(size == Int64(length))
    }

    @Test func aSpanPastTheEndIsRefused() throws {
        let path = try file("short", [1, 2, 3])
        #expect(throws: FileDigestError.endedEarly(path: path, at: 3, expectedEnd: 5)) {
            try FileDigest.digest(SHA256.self, ofFileAt: path, offset: 1, length: 4)
        }
    }

    @Test func aMissingFileIsNamed() {
        let path = "\(directory)/missing"
        #expect(throws: FileDigestError.open(path: path, errno: ENOENT)) { try FileDigest.sha256Hex(ofFileAt: path) }
        #expect(FileDigestError.open(path: path, errno: ENOENT).description == "cannot open \(path): No such file or directory")
    }
}
