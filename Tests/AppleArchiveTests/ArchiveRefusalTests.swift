import AppleArchive
import AppleArchiveTestSupport
import Testing

/// Malformed and truncated archives are refused with one line that names the offset and the problem.
@Suite struct ArchiveRefusalTests {
    static let typeField = ArchiveWriter.encode(ArchiveField(key: .type, value: .unsigned(70, width: 1)))
    static let pathField = ArchiveWriter.encode(ArchiveField(key: .path, value: .string(Array("a".utf8))))

    /// A header of `body` after the magic, with its size computed (or forced).
    static func header(_ body: [UInt8], size: Int? = nil) -> [UInt8] {
        Array("AA01".utf8) + ArchiveWriter.littleEndian(UInt64(size ?? 6 + body.count), width: 2) + body
    }

    static let cases: [(name: String, archive: [UInt8], offset: Int64, problem: String)] = [
        ("no TYP", header(pathField), 0, "the entry has no TYP field"),
        ("unknown subtype", header(typeField + Array("PATZ".utf8)), 11, "field PAT has the unknown subtype 'Z'"),
        ("key cut off", header(typeField + Array("PA".utf8)), 11, "a field's key is cut off by the end of the 13-byte header"),
        ("string past header", header(typeField + Array("PATP".utf8) + [9, 0, 0x61]), 11,
         "field PAT's 9 bytes run past the header"),
        ("integer past header", header(Array("TYP4".utf8) + [70, 0]), 6, "field TYP's 4-byte value runs past the header"),
        ("duplicate", header(typeField + pathField + pathField), 18, "field PAT appears twice in one header"),
        ("TYP not an integer", header(Array("TYPP".utf8) + [1, 0, 70]), 0, "field TYP is not an unsigned integer"),
        ("PAT not a string", header(typeField + Array("PAT1".utf8) + [1]), 0, "field PAT is not a string"),
        ("DAT not a blob", header(typeField + Array("DAT8".utf8) + Array(repeating: 0, count: 8)), 0,
         "field DAT is not a blob"),
        ("size below six", header(typeField, size: 5), 0, "entry 1's header says it is 5 bytes long, less than its own magic and size"),
        ("huge blobs", header(typeField + Array("DATC".utf8) + Array(repeating: 0xFF, count: 8)), 0,
         "the entry's blob sizes add up to more than an archive can hold"),
        ("second entry's magic", SamplePack.archive() + Array("PKZIPx".utf8), Int64(SamplePack.archive().count),
         "entry 7 does not start with AA01 (found \"PKZI\")"),
        ("second entry's binary magic", SamplePack.archive() + [0, 1, 2, 3, 6, 0], Int64(SamplePack.archive().count),
         "entry 7 does not start with AA01 (found 0x00010203)"),
        ("header ends early", Array(header(typeField).prefix(8)), 8, "the archive ends inside the header of entry 1 (8 of 11 bytes)"),
    ]

    @Test(arguments: cases.indices)
    func refusesWithOneLine(index: Int) throws {
        let refusal = Self.cases[index]
        let outcome = ArchiveReading.read(refusal.archive)
        let error = try #require(outcome.error, "\(refusal.name) was accepted")
        #expect(outcome.format == .appleArchive)
        #expect(error == AppleArchiveError(offset: refusal.offset, refusal.problem), "\(refusal.name)")
        #expect(!error.description.contains("\n"))
        #expect(error.description.hasPrefix("not a valid Apple Archive: "))
        #expect(error.description.hasSuffix("(at byte \(error.offset))"))
    }

    @Test func dataEndingEarlySaysHowMuchIsMissing() {
        let archive = Array(ArchiveWriter.archive([.file("f", [1, 2, 3, 4])]).dropLast(3))
        #expect(ArchiveReading.read(archive).error == AppleArchiveError(
            offset: Int64(archive.count), "the archive ends inside the DAT data of entry 1 (3 of 4 bytes missing)"))
    }

    /// Cut anywhere, the sample is refused — unless the cut falls between entries, which leaves a shorter
    /// archive that is whole.
    @Test func everyTruncationIsRefusedOrEndsAtAnEntry() {
        let entries = SamplePack.entries()
        var boundaries: Set<Int> = [0]
        var end = 0
        for entry in entries {
            end += ArchiveWriter.bytes(of: entry).count
            boundaries.insert(end)
        }
        let archive = ArchiveWriter.archive(entries)
        for length in 4..<archive.count {
            let outcome = ArchiveReading.read(Array(archive[0..<length]))
            if boundaries.contains(length) {
                #expect(outcome.error == nil, "cut at \(length)")
            } else {
                #expect(outcome.error?.offset == Int64(length), "cut at \(length)")
            }
        }
    }

    /// After a refusal the reader refuses the same way, whatever comes next.
    @Test func staysRefused() {
        var reader = AppleArchiveReader()
        var log = ArchiveEventLog()
        let bad = Self.header(Self.pathField)
        #expect(throws: AppleArchiveError.self) { try reader.feed(bad, to: &log) }
        #expect(throws: AppleArchiveError(offset: 0, "the entry has no TYP field")) { try reader.feed(SamplePack.archive(), to: &log) }
        #expect(throws: AppleArchiveError(offset: 0, "the entry has no TYP field")) { try reader.finish() }
    }
}
