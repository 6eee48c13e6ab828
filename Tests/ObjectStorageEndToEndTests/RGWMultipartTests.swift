import Crypto
import Foundation
import ObjectStorage
import PackServer
import Testing

extension ObjectStorageEndToEnd {
    /// Multipart uploads against a real RADOS Gateway: a 150 MiB file goes up in parts streamed from disk and
    /// comes back byte for byte; an aborted upload leaves nothing.
    @Suite
    struct RGWMultipartTests {
        @Test func aLargeFileGoesUpInPartsAndComesBackByteExact() throws {
            let cluster = try #require(RGWCluster.current)
            let s3 = try cluster.freshBucket()
            let size = 150 * 1024 * 1024
            let path = try TestFiles.make(bytes: size, seed: 23)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let key = "blobs/sha256/" + (try TestFiles.sha256(path: path))

            let started = Date()
            let etag = try s3.putFile(key: key, path: path)
            let seconds = Date().timeIntervalSince(started)
            print("multipart PUT of 150 MiB: \(String(format: "%.1f", seconds)) s")
            // 150 MiB in 16 MiB parts: ten, and the ETag says so.
            #expect(etag.hasSuffix("-10\""))
            #expect(try s3.head(key: key)?.etag == etag)
            #expect(S3ETag.same(etag, try S3ETag.expected(path: path, size: Int64(size),
                multipartThreshold: s3.configuration.multipartThreshold, partSize: s3.configuration.partSize)))

            var hash = SHA256Stream()
            var received: Int64 = 0
            let info = try s3.get(key: key) { piece in
                hash.update(piece)
                received += Int64(piece.count)
            }
            #expect(info?.size == Int64(size))
            #expect(received == Int64(size))
            #expect("blobs/sha256/" + hash.hex() == key)

            // Already there with the same bytes: not sent again.
            #expect(try s3.holds(key: key, sameAsFile: path))
            #expect(try s3.putFileIfAbsent(key: key, path: path) == false)
        }

        /// Round 3, finding 6: the publisher's skip of a blob already in the bucket MD5'd the whole file (and
        /// ignored the size it was given). A blob's key is its digest: one HEAD and the size decide, and the file
        /// is not even opened (here it does not exist).
        @Test func aBlobOfTheRightSizeIsSkippedWithoutReadingTheFile() throws {
            let cluster = try #require(RGWCluster.current)
            let bucket = S3ObjectBucket(client: try cluster.freshBucket())
            let key = "blobs/sha256/" + String(repeating: "ab", count: 32)
            try bucket.put(key, bytes: Array(repeating: 7, count: 1000), contentType: "application/octet-stream")
            #expect(try bucket.putFileIfAbsent(key, path: "/nonexistent/blob", size: 1000, contentType: "application/octet-stream") == false)
            let file = try TestFiles.make(bytes: 999, seed: 3)
            defer { try? FileManager.default.removeItem(atPath: file) }
            #expect(try bucket.putFileIfAbsent(key, path: file, size: 999, contentType: "application/octet-stream"))
            #expect(try bucket.size(of: key) == 999)
        }

        @Test func aFileWithOtherBytesOfTheSameSizeIsSentAgain() throws {
            let cluster = try #require(RGWCluster.current)
            let s3 = try cluster.freshBucket()
            let first = try TestFiles.make(bytes: 1000, seed: 1)
            let second = try TestFiles.make(bytes: 1000, seed: 2)
            defer { for path in [first, second] { try? FileManager.default.removeItem(atPath: path) } }
            #expect(try s3.putFileIfAbsent(key: "k", path: first))
            #expect(try s3.putFileIfAbsent(key: "k", path: first) == false)
            #expect(try s3.putFileIfAbsent(key: "k", path: second))
            guard case .object(_, let bytes) = try s3.get(key: "k") else {
                Issue.record("no object")
                return
            }
            #expect(bytes == Array(try Data(contentsOf: URL(fileURLWithPath: second))))
        }

        /// A file below the multipart threshold goes up in one PUT, and a GET into memory returns all of it
        /// (error bodies are capped at 1 MiB; an object's bytes are not).
        @Test func aFewMebibytesInOnePutAndBackIntoMemory() throws {
            let cluster = try #require(RGWCluster.current)
            let s3 = try cluster.freshBucket()
            let path = try TestFiles.make(bytes: 3 * 1024 * 1024 + 17, seed: 5)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let etag = try s3.putFile(key: "three", path: path)
            #expect(!etag.contains("-"))
            guard case .object(let info, let bytes) = try s3.get(key: "three") else {
                Issue.record("no object")
                return
            }
            #expect(info.size == 3 * 1024 * 1024 + 17)
            #expect(bytes == Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        }

        @Test func anAbortedUploadLeavesNoObjectAndNoParts() throws {
            let cluster = try #require(RGWCluster.current)
            let s3 = try cluster.freshBucket()
            let path = try TestFiles.make(bytes: 6 * 1024 * 1024, seed: 7)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let uploadID = try s3.createMultipartUpload(key: "big")
            _ = try s3.uploadPart(key: "big", uploadID: uploadID,
                part: MultipartPlan.parts(size: 6 * 1024 * 1024, partSize: 5 * 1024 * 1024)[0], path: path)
            #expect(try s3.listParts(key: "big", uploadID: uploadID) == [1])
            try s3.abortMultipartUpload(key: "big", uploadID: uploadID)
            let gone = #expect(throws: ObjectStorageError.self) { try s3.listParts(key: "big", uploadID: uploadID) }
            // AWS answers NoSuchUpload; RGW 16 answers NoSuchKey.
            #expect(gone?.status == 404)
            #expect(gone?.code == "NoSuchUpload" || gone?.code == "NoSuchKey")
            #expect(try s3.head(key: "big") == nil)
            #expect(try s3.listAll().isEmpty)
        }
    }
}

/// SHA-256 over pieces as they arrive.
struct SHA256Stream {
    private var hash = Crypto.SHA256()
    mutating func update(_ bytes: [UInt8]) { hash.update(data: bytes) }
    func hex() -> String { hash.finalize().map { String(format: "%02x", $0) }.joined() }
}
