import AppleArchive
import AppleArchiveTestSupport
import Testing

/// The reader is a push parser: how the bytes are split must not change what it reports.
@Suite struct ArchiveChunkingTests {
    @Test func everySplitPointEqualsWholeFeeding() {
        let archive = SamplePack.archive()
        let whole = ArchiveReading.read(archive)
        #expect(whole.error == nil)
        #expect(ArchiveReading.headers(whole).count == 6)
        for split in 1..<archive.count {
            let parts = ArchiveReading.read(archive, chunkSizes: [split, archive.count])
            #expect(parts == whole, "split at \(split)")
        }
    }

    @Test(arguments: [1, 2, 3, 5, 7, 64, 4096])
    func fixedChunkSizesEqualWholeFeeding(size: Int) {
        let archive = SamplePack.archive()
        #expect(ArchiveReading.read(archive, chunkSizes: [size]) == ArchiveReading.read(archive))
    }

    /// Refusals too: the same error at the same offset however the bytes arrive.
    @Test func malformedArchiveIsRefusedAlikeAtEverySplit() {
        var archive = SamplePack.archive()
        // The subtype of the last entry's PAT field (after magic, size and its 5-byte TYP field and key).
        let lastEntry = archive.count - ArchiveWriter.bytes(of: SamplePack.entries().last!).count
        archive[lastEntry + 14] = UInt8(ascii: "Z")
        let whole = ArchiveReading.read(archive)
        #expect(whole.error == AppleArchiveError(offset: Int64(lastEntry + 11), "field PAT has the unknown subtype 'Z'"))
        for split in 1..<archive.count {
            #expect(ArchiveReading.read(archive, chunkSizes: [split, archive.count]).error == whole.error)
        }
    }
}
