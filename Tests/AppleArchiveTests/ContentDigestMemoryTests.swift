import AppleArchiveTestSupport
import Crypto
import Testing

@testable import AppleArchive

/// Round 3, finding 2: the content digest kept an `[UInt8]` per entry (about 110 bytes of heap each, not the
/// 32 the docs said). Records are now 32 bytes inline, in chunks merged in order; the digest's value must
/// not move, since Apple versions follow it.
@Suite struct ContentDigestMemoryTests {
    /// Computed by an independent implementation of docs/apple-archive.md "Content digest" (Python's hashlib
    /// over the sample's six records): the value every existing Apple version was assigned by.
    @Test func theSamplesDigestIsTheDocumentedOne() throws {
        var inspector = ArchiveInspector()
        try inspector.feed(SamplePack.archive())
        #expect(try inspector.finish().archive?.contentDigest == "4d5bba1eb4a1a9574725433f22466ac3e786fb935c87fbd849f2def79b73f00d")
    }

    @Test func recordsComeOutSortedAcrossChunks() {
        var records = SortedRecords(chunkCapacity: 64)
        var reference: [[UInt8]] = []
        var generator = SystemRandomNumberGenerator()
        // Three chunks and a bit, with repeats (two entries with one record).
        for index in 0..<(40 * 64 + 23) {
            let digest = SHA256.hash(data: [UInt8(truncatingIfNeeded: index % 700), UInt8.random(in: 0...3, using: &generator)])
            records.append(RecordDigest(digest))
            reference.append(Array(digest))
        }
        var merged: [UInt8] = []
        var hasher = SHA256()
        records.forEachSorted { record in record.update(&hasher) }
        merged = Array(hasher.finalize())
        var expected = SHA256()
        for record in reference.sorted(by: { $0.lexicographicallyPrecedes($1) }) { expected.update(data: record) }
        #expect(merged == Array(expected.finalize()))
        #expect(records.count == reference.count)
    }

    @Test func aRecordIsThirtyTwoBytes() {
        #expect(MemoryLayout<RecordDigest>.stride == 32)
    }
}

/// Round 3, finding 2's limit: past `maxEntries` the reader stops with an error that says it is a limit, not
/// a malformed archive (the store answers 413 for it, not 400).
@Suite struct ArchiveEntryLimitTests {
    static func archive(files: Int) -> [UInt8] {
        ArchiveWriter.archive([.directory("")] + (0..<files).map { .file("f\($0)", [UInt8(truncatingIfNeeded: $0)]) })
    }

    @Test func anArchiveAtTheLimitIsReadAndOneOverIsRefused() throws {
        var atLimit = ArchiveInspector(maxEntries: 11)
        try atLimit.feed(Self.archive(files: 10))
        #expect(try atLimit.finish().archive?.entries == 11)

        var over = ArchiveInspector(maxEntries: 10)
        do {
            try over.feed(Self.archive(files: 10))
            _ = try over.finish()
            Issue.record("an archive of 11 entries passed a limit of 10")
        } catch {
            #expect(error.entryLimit == 10)
            #expect(error.problem == "more than 10 entries")
        }
    }
}
