import AppleArchive

/// The committed seeds of `Fuzz/Sources/AppleArchiveFuzzer/` (Fuzz/seeds/AppleArchiveFuzzer/), all made by
/// `ArchiveWriter`: the sample pack, every field kind, the legacy magic, a compressed container's start, and
/// two refusals. `FuzzSeedTests` checks the files are these bytes (and writes them when asked).
public enum FuzzSeeds {
    public static var all: [(name: String, bytes: [UInt8])] {
        let fieldsEntry = ArchiveWriter.Entry.file("all-fields", Array("data".utf8), sizeWidth: 2, extra: [
            ArchiveField(key: ArchiveFieldKey("FLG"), value: .flag),
            ArchiveField(key: ArchiveFieldKey("GID"), value: .unsigned(20, width: 8)),
            ArchiveField(key: ArchiveFieldKey("GIN"), value: .string(Array("staff".utf8))),
            ArchiveField(key: ArchiveFieldKey("SH2"), value: .hash(Array(repeating: 0xAB, count: 32))),
            ArchiveField(key: ArchiveFieldKey("CTM"), value: .timespec(seconds: 1, nanoseconds: nil)),
            ArchiveField(key: ArchiveFieldKey("XAT"), value: .blob(size: 2, width: 4)),
        ])
        var withAttributes = fieldsEntry
        withAttributes.blobs[ArchiveFieldKey("XAT")] = [1, 2]
        var legacy = ArchiveWriter.archive([.file("a", [1])])
        legacy.replaceSubrange(0..<4, with: Array("YAA1".utf8))
        return [
            ("sample-pack", SamplePack.archive()),
            ("all-fields", ArchiveWriter.archive([withAttributes, .symbolicLink("l", to: "all-fields")])),
            ("legacy-magic", legacy),
            ("pbze-container", Array("pbze".utf8) + [0, 0, 0, 0, 0, 0x10, 0, 0]),
            ("truncated-data", Array(ArchiveWriter.archive([.file("f", Array(repeating: 7, count: 40))]).dropLast(5))),
            ("second-magic-wrong", ArchiveWriter.archive([.directory("")]) + Array("AA02".utf8) + [6, 0]),
        ]
    }
}
