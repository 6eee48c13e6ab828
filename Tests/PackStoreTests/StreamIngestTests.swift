import Crypto
import Foundation
import PackStore
import Testing

/// `add(receiving:)`: a pack pulled from a byte source lands like `add(file:)`, and every failure — the
/// source breaking off, a digest or size that does not match, too many bytes — keeps nothing: no blob, no
/// temp file, no index row.
@Suite struct StreamIngestTests {
    struct Pieces: PackByteSource {
        struct BrokenOff: Error {}
        var pieces: [[UInt8]]
        var failsAtEnd = false

        mutating func nextBytes() throws -> [UInt8]? {
            if pieces.isEmpty {
                if failsAtEnd { throw BrokenOff() }
                return nil
            }
            return pieces.removeFirst()
        }
    }

    static let bytes = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }

    static func pieces(_ bytes: [UInt8] = bytes, failsAtEnd: Bool = false) -> Pieces {
        Pieces(pieces: stride(from: 0, to: bytes.count, by: 65_536).map {
            Array(bytes[$0..<min($0 + 65_536, bytes.count)])
        }, failsAtEnd: failsAtEnd)
    }

    func expectNothingKept(_ fixture: TemporaryStore) throws {
        #expect(try fixture.blobFiles().isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.dataDirectory.path + "/tmp").isEmpty)
        #expect(try fixture.store.listDraft().isEmpty)
    }

    @Test func aReceivedPackLandsInTheDraftWithItsDigest() throws {
        let fixture = try TemporaryStore()
        var source = Self.pieces()
        let digest = Array(SHA256.hash(data: Self.bytes))
        let added = try fixture.store.add(
            receiving: &source, id: "level-1", expectedSize: Int64(Self.bytes.count), expectedSHA256: digest,
            tags: ["forest"], policy: .prefetch, order: 3, contentType: "application/zip", originalFilename: "upload")
        #expect(added.version == 1)
        #expect(added.sha256 == TemporaryStore.sha256Hex(Self.bytes))
        #expect(try Data(contentsOf: fixture.blobURL(added.sha256)) == Data(Self.bytes))
        let entry = try #require(try fixture.store.listDraft().first)
        #expect(entry.tags == ["forest"] && entry.policy == .prefetch && entry.order == 3)
        #expect(entry.contentType == "application/zip")
        #expect(try fixture.store.fsck().isClean)
    }

    @Test func aWrongDigestKeepsNothing() throws {
        let fixture = try TemporaryStore()
        var source = Self.pieces()
        var digest = Array(SHA256.hash(data: Self.bytes))
        digest[0] ^= 0xFF
        #expect(throws: PackStoreError.self) {
            try fixture.store.add(receiving: &source, id: "level-1", expectedSHA256: digest)
        }
        try expectNothingKept(fixture)
    }

    @Test func aSourceThatBreaksOffKeepsNothing() throws {
        let fixture = try TemporaryStore()
        var source = Self.pieces(failsAtEnd: true)
        #expect(throws: PackStoreError.uploadIncomplete(received: Int64(Self.bytes.count))) {
            try fixture.store.add(receiving: &source, id: "level-1")
        }
        try expectNothingKept(fixture)
    }

    @Test func fewerBytesThanAnnouncedKeepNothing() throws {
        let fixture = try TemporaryStore()
        var source = Self.pieces()
        #expect(throws: PackStoreError.uploadIncomplete(received: Int64(Self.bytes.count))) {
            try fixture.store.add(receiving: &source, id: "level-1", expectedSize: Int64(Self.bytes.count) + 1)
        }
        try expectNothingKept(fixture)
    }

    @Test func moreThanMaxPackBytesStopsReadingAndKeepsNothing() throws {
        let fixture = try TemporaryStore()
        var source = Self.pieces()
        #expect(throws: PackStoreError.self) {
            try fixture.store.add(receiving: &source, id: "level-1", limits: IngestLimits(maxPackBytes: 1_000_000))
        }
        #expect(source.pieces.count > 20, "reading goes on after the limit")
        try expectNothingKept(fixture)
    }

    @Test func badAttributesAreRefusedBeforeAByteIsRead() throws {
        let fixture = try TemporaryStore()
        var source = Self.pieces()
        let count = source.pieces.count
        #expect(throws: PackStoreError.invalidPackID("bad_id")) {
            try fixture.store.add(receiving: &source, id: "bad_id")
        }
        #expect(source.pieces.count == count)
    }
}
