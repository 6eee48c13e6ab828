import Crypto
import Foundation
import ObjectStorage
import Testing

extension ObjectStorageEndToEnd {
    /// The S3 client against a real Ceph RADOS Gateway (scripts/ceph-rgw): single objects, ranges,
    /// conditional GETs and listings.
    @Suite
    struct RGWObjectTests {
        @Test func putGetHeadDelete() throws {
            let cluster = try #require(RGWCluster.current)
            let s3 = try cluster.freshBucket()
            let bytes = Array("{\"release\": 42}".utf8)
            let etag = try s3.put(key: "releases/42/release.json", bytes: bytes, contentType: "application/json")
            // A single PUT's ETag is the MD5 of the bytes.
            #expect(S3ETag.same(etag, Insecure.MD5.hash(data: bytes).map { String(format: "%02x", $0) }.joined()))
            #expect(try s3.get(key: "releases/42/release.json") == .object(S3ObjectInfo(size: Int64(bytes.count), etag: etag,
                lastModified: s3.head(key: "releases/42/release.json")?.lastModified), bytes))
            #expect(try s3.head(key: "releases/42/release.json")?.size == Int64(bytes.count))
            try s3.delete(key: "releases/42/release.json")
            #expect(try s3.head(key: "releases/42/release.json") == nil)
            let missing = #expect(throws: ObjectStorageError.self) { try s3.get(key: "releases/42/release.json") }
            #expect(missing?.status == 404)
            #expect(missing?.code == "NoSuchKey")
            // Deleting what is not there is not an error.
            try s3.delete(key: "releases/42/release.json")
        }

        @Test func keysWithCharactersThatNeedEncoding() throws {
            let cluster = try #require(RGWCluster.current)
            let s3 = try cluster.freshBucket()
            let key = "odd/a b+c=d&e~é$.json"
            try s3.put(key: key, bytes: [1, 2, 3])
            #expect(try s3.listAll(prefix: "odd/").map(\.key) == [key])
            #expect(try s3.get(key: key) != .notModified)
        }

        @Test func rangedGets() throws {
            let cluster = try #require(RGWCluster.current)
            let s3 = try cluster.freshBucket()
            let bytes = Array(0..<200).map { UInt8($0) }
            try s3.put(key: "blob", bytes: bytes)
            guard case .object(let info, let first) = try s3.get(key: "blob", range: .span(10...19)) else {
                Issue.record("no object")
                return
            }
            #expect(first == Array(bytes[10...19]))
            #expect(info.size == 200)
            #expect(info.contentRange == 10...19)
            guard case .object(_, let suffix) = try s3.get(key: "blob", range: .suffix(5)),
                case .object(_, let tail) = try s3.get(key: "blob", range: .from(195))
            else {
                Issue.record("no object")
                return
            }
            #expect(suffix == Array(bytes[195...]))
            #expect(tail == suffix)
            var streamed: [UInt8] = []
            let streamedInfo = try s3.get(key: "blob", range: .span(100...149)) { streamed += $0 }
            #expect(streamed == Array(bytes[100...149]))
            #expect(streamedInfo?.contentRange == 100...149)
        }

        @Test func conditionalGetAnswersNotModified() throws {
            let cluster = try #require(RGWCluster.current)
            let s3 = try cluster.freshBucket()
            let etag = try s3.put(key: "current.json", bytes: Array("{\"version\":1}".utf8))
            #expect(try s3.get(key: "current.json", ifNoneMatch: etag) == .notModified)
            #expect(try s3.get(key: "current.json", ifNoneMatch: etag) { _ in Issue.record("a body for 304") } == nil)
            let newer = try s3.put(key: "current.json", bytes: Array("{\"version\":2}".utf8))
            #expect(newer != etag)
            #expect(try s3.get(key: "current.json", ifNoneMatch: etag) == .object(
                S3ObjectInfo(size: 13, etag: newer, lastModified: s3.head(key: "current.json")?.lastModified),
                Array("{\"version\":2}".utf8)))
        }

        @Test func listingFollowsContinuationTokens() throws {
            let cluster = try #require(RGWCluster.current)
            let s3 = try cluster.freshBucket()
            let keys = (1...7).map { "blobs/sha256/\(String(repeating: String($0), count: 4))" }
            for key in keys { try s3.put(key: key, bytes: Array(key.utf8)) }
            try s3.put(key: "releases/1/release.json", bytes: [0])
            let first = try s3.list(prefix: "blobs/", maxKeys: 2)
            #expect(first.objects.map(\.key) == Array(keys[0..<2]))
            let token = try #require(first.nextContinuationToken)
            let second = try s3.list(prefix: "blobs/", continuationToken: token, maxKeys: 2)
            #expect(second.objects.map(\.key) == Array(keys[2..<4]))
            let all = try s3.listAll(prefix: "blobs/", pageSize: 2)
            #expect(all.map(\.key) == keys)
            #expect(all.map(\.size) == keys.map { Int64($0.utf8.count) })
            #expect(try s3.listAll().count == 8)
        }

        /// HTTPS to a gateway whose certificate only a private CA vouches for: trusted through `caFile`,
        /// refused without it.
        @Test func httpsThroughTheCAFile() throws {
            let cluster = try #require(RGWCluster.current)
            let plain = try cluster.freshBucket()
            let secure = try cluster.client(bucket: plain.configuration.bucket, https: true, caFile: cluster.caFile)
            let etag = try secure.put(key: "over-tls", bytes: Array("sealed".utf8))
            #expect(try plain.get(key: "over-tls") == .object(
                S3ObjectInfo(size: 6, etag: etag, lastModified: plain.head(key: "over-tls")?.lastModified), Array("sealed".utf8)))
            let untrusting = try cluster.client(bucket: plain.configuration.bucket, https: true)
            let error = #expect(throws: ObjectStorageError.self) { try untrusting.head(key: "over-tls") }
            #expect(error?.kind == .transport)
            #expect(error?.detail.contains("not trusted") == true)
        }

        @Test func aWrongSecretIsRefused() throws {
            let cluster = try #require(RGWCluster.current)
            let good = try cluster.freshBucket()
            let bad = try cluster.client(bucket: good.configuration.bucket, secret: "not-the-secret")
            let error = #expect(throws: ObjectStorageError.self) { try bad.put(key: "k", bytes: [1]) }
            #expect(error?.status == 403)
            #expect(error?.code == "SignatureDoesNotMatch")
            #expect(try good.head(key: "k") == nil)
        }
    }
}
