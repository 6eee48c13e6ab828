import AppleArchive
import AppleArchiveTestSupport
import Testing

/// The first four bytes decide what a pack is; compressed and encrypted containers are recognised, not read.
@Suite struct ArchiveFormatTests {
    @Test(arguments: [
        ("pbze", ArchiveFormat.compressed(magic: "pbze", algorithm: "LZFSE")),
        ("pbzz", .compressed(magic: "pbzz", algorithm: "zlib")),
        ("pbz4", .compressed(magic: "pbz4", algorithm: "LZ4")),
        ("pbzx", .compressed(magic: "pbzx", algorithm: "LZMA")),
        ("pbzb", .compressed(magic: "pbzb", algorithm: "LZBITMAP")),
        ("pbzf", .compressed(magic: "pbzf", algorithm: "LZVN")),
        ("pbzq", .compressed(magic: "pbzq", algorithm: "an unknown algorithm")),
        ("AEA1", .encrypted),
        ("PK\u{3}\u{4}", .notAnArchive),
        ("AA02", .notAnArchive),
        ("YAA1", .appleArchive),
    ])
    func magic(magic: String, format: ArchiveFormat) {
        // A block header's worth of bytes after the magic: none of them is looked at.
        let bytes = Array(magic.utf8) + Array(repeating: 0xEE, count: 60)
        let outcome = ArchiveReading.read(bytes, chunkSizes: [3])
        #expect(outcome.format == format)
        if format != .appleArchive {
            #expect(outcome.error == nil)
            #expect(outcome.log.events.isEmpty)
        }
    }

    /// Shorter than a magic: nothing to read, and not an archive.
    @Test(arguments: [0, 1, 2, 3])
    func tooShortToTell(length: Int) {
        let outcome = ArchiveReading.read(Array(Array("AA01".utf8).prefix(length)))
        #expect(outcome.format == .notAnArchive)
        #expect(outcome.error == nil)
    }

    /// The older magic is the same format, entry by entry.
    @Test func legacyMagicEntries() {
        var archive = SamplePack.archive()
        archive.replaceSubrange(0..<4, with: Array("YAA1".utf8))
        let outcome = ArchiveReading.read(archive)
        #expect(outcome.error == nil)
        #expect(ArchiveReading.headers(outcome).count == 6)
    }
}
