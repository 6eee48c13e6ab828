import Crypto
import Foundation
import PackStore
import Testing

/// A replica's blob cache (docs/object-storage.md "Replicas"): least recently used out first, never a pinned
/// blob, never over its bound, only verified bytes kept, and what it holds taken up again after a restart.
@Suite struct BlobCacheTests {
    private static func directory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cache-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Ten bytes of `letter` and their digest.
    private static func blob(_ letter: Character) -> (sha256: String, bytes: [UInt8]) {
        let bytes = Array(String(repeating: letter, count: 10).utf8)
        return (SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined(), bytes)
    }

    @discardableResult
    private static func insert(_ letter: Character, into cache: BlobCache) throws -> String {
        let (sha256, bytes) = blob(letter)
        try cache.insert(sha256, size: 10) { write in
            try write(bytes)
            return true
        }
        return sha256
    }

    @Test func theLeastRecentlyUsedBlobGoesFirst() throws {
        let cache = try BlobCache(directory: try Self.directory(), maxBytes: 30)
        let a = try Self.insert("a", into: cache)
        let b = try Self.insert("b", into: cache)
        let c = try Self.insert("c", into: cache)
        cache.touch(a)
        let d = try Self.insert("d", into: cache)
        #expect(cache.digestsByRecency == [c, a, d])
        #expect(!cache.contains(b) && !FileManager.default.fileExists(atPath: cache.path(of: b)))
        #expect(cache.heldBytes == 30 && cache.evictionCount == 1)
    }

    @Test func aBlobRequestedRecentlyStaysWhileAnUnrequestedOneGoes() throws {
        let cache = try BlobCache(directory: try Self.directory(), maxBytes: 20)
        let a = try Self.insert("a", into: cache)
        let b = try Self.insert("b", into: cache)
        cache.noteUse(a)
        try Self.insert("c", into: cache)
        #expect(cache.contains(a) && !cache.contains(b))
    }

    @Test func aPinnedBlobIsNeverEvictedAndABlobThatCannotFitIsRefused() throws {
        let cache = try BlobCache(directory: try Self.directory(), maxBytes: 20)
        let a = try Self.insert("a", into: cache)
        let b = try Self.insert("b", into: cache)
        cache.pin([a])
        let c = try Self.insert("c", into: cache)
        #expect(cache.contains(a) && !cache.contains(b) && cache.contains(c))
        cache.pin([a, c])
        #expect(throws: BlobCacheError.full(sha256: Self.blob("d").sha256, size: 10, maxBytes: 20)) {
            try Self.insert("d", into: cache)
        }
        #expect(cache.heldBytes == 20 && cache.contains(a) && cache.contains(c))
    }

    @Test func theBoundHoldsAcrossManyInserts() throws {
        let cache = try BlobCache(directory: try Self.directory(), maxBytes: 35)
        for letter in "abcdefghij" {
            try Self.insert(letter, into: cache)
            #expect(cache.heldBytes <= 35)
        }
        #expect(cache.heldBytes == 30 && cache.evictionCount == 7)
    }

    @Test func bytesThatAreNotTheBlobAreNeverKept() throws {
        let directory = try Self.directory()
        let cache = try BlobCache(directory: directory, maxBytes: 100)
        let (sha256, _) = Self.blob("a")
        #expect(throws: BlobCacheError.self) {
            // Torn: the source stopped after four bytes.
            try cache.insert(sha256, size: 10) { write in
                try write(Array("aaaa".utf8))
                return true
            }
        }
        #expect(throws: BlobCacheError.missing(sha256: sha256)) { try cache.insert(sha256, size: 10) { _ in false } }
        // A source sending more than the blob's size is stopped at the first byte too many.
        #expect(throws: BlobCacheError.damaged(sha256: sha256, actualSHA256: "", actualSize: 11, expectedSize: 10)) {
            try cache.insert(sha256, size: 10) { write in
                try write(Array("aaaaaa".utf8))
                try write(Array("aaaaa".utf8))
                Issue.record("written past the size")
                return true
            }
        }
        #expect(!cache.contains(sha256) && cache.heldBytes == 0)
        #expect(!FileManager.default.fileExists(atPath: cache.path(of: sha256)))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/.incoming").isEmpty)
        // The room it reserved is given back.
        try Self.insert("a", into: cache)
        #expect(cache.heldBytes == 10)
    }

    @Test func aRestartTakesUpTheBlobsAndTheirRecency() throws {
        let directory = try Self.directory()
        let first = try BlobCache(directory: directory, maxBytes: 100)
        let a = try Self.insert("a", into: first)
        let b = try Self.insert("b", into: first)
        first.touch(a)
        // A copy cut short by the restart, and a file that is no blob.
        FileManager.default.createFile(atPath: directory + "/.incoming/\(b).123", contents: Data("b".utf8))
        FileManager.default.createFile(atPath: directory + "/notes.txt", contents: Data("x".utf8))
        let second = try BlobCache(directory: directory, maxBytes: 100)
        #expect(second.digestsByRecency == [b, a])
        #expect(second.heldBytes == 20)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/.incoming").isEmpty)
        // Already held: not copied again.
        #expect(try second.insert(a, size: 10) { _ in Issue.record("copied again"); return false } == false)
    }

    @Test func evictionOrderIsPureAndSkipsPins() {
        let blobs = [
            CachedBlob(sha256: "old", size: 5, lastUse: 1), CachedBlob(sha256: "pinned", size: 5, lastUse: 2),
            CachedBlob(sha256: "new", size: 5, lastUse: 3),
        ]
        #expect(CacheEviction.victims(of: blobs, heldBytes: 15, incomingBytes: 0, maxBytes: 15, pinned: []) == [])
        #expect(CacheEviction.victims(of: blobs, heldBytes: 15, incomingBytes: 5, maxBytes: 15, pinned: ["pinned"]) == ["old"])
        #expect(CacheEviction.victims(of: blobs, heldBytes: 15, incomingBytes: 8, maxBytes: 15, pinned: ["pinned"]) == ["old", "new"])
        #expect(CacheEviction.victims(of: blobs, heldBytes: 15, incomingBytes: 11, maxBytes: 15, pinned: ["pinned"]) == nil)
    }
}
