import AppleArchive
import AppleArchiveTestSupport
import Testing

/// Every kind of header field the format has, at every width it allows, read back as written.
@Suite struct ArchiveFieldTests {
    static let fields: [ArchiveField] = [
        ArchiveField(key: ArchiveFieldKey("FLF"), value: .flag),
        ArchiveField(key: ArchiveFieldKey("UI1"), value: .unsigned(0xAB, width: 1)),
        ArchiveField(key: ArchiveFieldKey("UI2"), value: .unsigned(0xABCD, width: 2)),
        ArchiveField(key: ArchiveFieldKey("UI4"), value: .unsigned(0xABCD_EF01, width: 4)),
        ArchiveField(key: ArchiveFieldKey("UI8"), value: .unsigned(0xFEDC_BA98_7654_3210, width: 8)),
        ArchiveField(key: ArchiveFieldKey("UIN"), value: .string(Array("mobile".utf8))),
        ArchiveField(key: ArchiveFieldKey("GIN"), value: .string([])),
        ArchiveField(key: ArchiveFieldKey("CKS"), value: .hash([1, 2, 3, 4])),
        ArchiveField(key: ArchiveFieldKey("SH1"), value: .hash(Array(repeating: 0x11, count: 20))),
        ArchiveField(key: ArchiveFieldKey("SH2"), value: .hash(Array(repeating: 0x22, count: 32))),
        ArchiveField(key: ArchiveFieldKey("SH3"), value: .hash(Array(repeating: 0x33, count: 48))),
        ArchiveField(key: ArchiveFieldKey("SH5"), value: .hash(Array(repeating: 0x55, count: 64))),
        ArchiveField(key: ArchiveFieldKey("BTM"), value: .timespec(seconds: 1_767_225_600, nanoseconds: nil)),
        ArchiveField(key: ArchiveFieldKey("CTM"), value: .timespec(seconds: -86_400, nanoseconds: 999_999_999)),
        ArchiveField(key: ArchiveFieldKey("XAT"), value: .blob(size: 3, width: 2)),
        ArchiveField(key: ArchiveFieldKey("ACL"), value: .blob(size: 0, width: 4)),
        ArchiveField(key: ArchiveFieldKey("YAF"), value: .blob(size: 5, width: 8)),
    ]

    @Test(arguments: fields)
    func readsTheFieldAsWritten(field: ArchiveField) throws {
        let blobs: [ArchiveFieldKey: [UInt8]] =
            if case .blob(let size, _) = field.value { [field.key: (0..<size).map { UInt8($0) + 0x40 }] } else { [:] }
        let entry = ArchiveWriter.Entry(
            fields: [ArchiveField(key: .type, value: .unsigned(ArchiveEntryKind.metadata.typeValue, width: 1)), field],
            blobs: blobs)
        let outcome = ArchiveReading.read(ArchiveWriter.archive([entry]))
        #expect(outcome.error == nil)
        let header = try #require(ArchiveReading.headers(outcome).first)
        #expect(header.kind == .metadata)
        #expect(header.fields == entry.fields)
        #expect(header.value(of: field.key) == field.value)
        // A blob's bytes come after the header as a data event of that blob; an empty blob has none.
        let data = outcome.log.events.compactMap { if case .data(let key, let bytes) = $0 { (key, bytes) } else { nil } }
        #expect(data.map(\.0) == (blobs[field.key]?.isEmpty == false ? [field.key] : []))
        #expect(data.first?.1 == blobs[field.key].flatMap { $0.isEmpty ? nil : $0 })
    }

    /// All of them in one header, with the file's data after two other blobs: blobs follow in field order.
    @Test func everyFieldInOneHeader() throws {
        let payload: [UInt8] = Array("the file".utf8)
        let entry = ArchiveWriter.Entry.file("a/b.txt", payload, sizeWidth: 8, extra: Self.fields)
        var blobs = entry.blobs
        blobs[ArchiveFieldKey("XAT")] = [7, 8, 9]
        blobs[ArchiveFieldKey("YAF")] = Array("a,b,c".utf8)
        let archive = ArchiveWriter.archive([ArchiveWriter.Entry(fields: entry.fields, blobs: blobs)])
        let outcome = ArchiveReading.read(archive)
        #expect(outcome.error == nil)
        let header = try #require(ArchiveReading.headers(outcome).first)
        #expect(header.path == "a/b.txt")
        #expect(header.kind == .regularFile)
        #expect(header.dataSize == UInt64(payload.count))
        #expect(header.size == ArchiveWriter.header(entry.fields).count)
        #expect(outcome.log.events.dropFirst() == [
            .data(ArchiveFieldKey("XAT"), [7, 8, 9]), .data(ArchiveFieldKey("YAF"), Array("a,b,c".utf8)),
            .data(.data, payload), .end,
        ])
    }

    /// The file's data size in each width the format has; the bytes that follow are the file's.
    @Test(arguments: [2, 4, 8])
    func dataSizeWidths(width: Int) throws {
        let payload = (0..<300).map { UInt8(truncatingIfNeeded: $0) }
        let outcome = ArchiveReading.read(ArchiveWriter.archive([.file("f", payload, sizeWidth: width)]))
        #expect(outcome.log.events.dropFirst() == [.data(.data, payload), .end])
        #expect(ArchiveReading.headers(outcome).first?.value(of: .data) == .blob(size: 300, width: width))
    }

    @Test(arguments: [
        (UInt8(ascii: "F"), ArchiveEntryKind.regularFile), (UInt8(ascii: "D"), .directory),
        (UInt8(ascii: "L"), .symbolicLink), (UInt8(ascii: "P"), .fifo), (UInt8(ascii: "C"), .characterDevice),
        (UInt8(ascii: "B"), .blockDevice), (UInt8(ascii: "S"), .socket), (UInt8(ascii: "W"), .whiteout),
        (UInt8(ascii: "R"), .door), (UInt8(ascii: "T"), .port), (UInt8(ascii: "M"), .metadata), (UInt8(ascii: "?"), .other(63)),
    ])
    func entryKinds(letter: UInt8, kind: ArchiveEntryKind) throws {
        // TYP in a 4-byte integer: the width is the writer's choice.
        let entry = ArchiveWriter.Entry(fields: [ArchiveField(key: .type, value: .unsigned(UInt64(letter), width: 4))])
        let header = try #require(ArchiveReading.headers(ArchiveReading.read(ArchiveWriter.archive([entry]))).first)
        #expect(header.kind == kind)
        #expect(kind.typeValue == UInt64(letter))
    }

    @Test func symbolicLinkTarget() throws {
        let outcome = ArchiveReading.read(ArchiveWriter.archive([.symbolicLink("latest", to: "levels/1")]))
        let header = try #require(ArchiveReading.headers(outcome).first)
        #expect(header.kind == .symbolicLink)
        #expect(header.linkTarget == "levels/1")
        #expect(header.dataSize == 0)
        #expect(outcome.log.events.count == 2)
    }
}
