/// Writes a `ManifestDocument` as exactly the bytes `CanonicalJSON.encode(document)` produces, without
/// `JSONEncoder`, whose tree of boxed values takes about 1.1 s for 100,000 packs (this: about 0.12 s).
///
/// The rules are swift-foundation's `JSONWriter` (the Linux `JSONEncoder`); ManifestPayloadWriterTests
/// compares the bytes with `CanonicalJSON.encode`:
/// - `.sortedKeys` orders keys by their UTF-8 bytes: `"level-10"` before `"level-9"`, `"Z"` before `"a"`,
///   `"e\u{301}x"` before `"éa"`. For the ASCII tags NameRules allows that is also Swift's `<`, but tags are
///   sorted by bytes so that any string matches. (Darwin apps linked against old SDKs get a numeric,
///   case-insensitive order instead; the server runs on Linux.) The fixed keys are written in order by hand.
/// - Strings escape `"` and `\`, `\b \f \n \r \t`, the other bytes below 0x20 as `\u00xx` in lowercase
///   hex; `/` (with `.withoutEscapingSlashes`), 0x7F, U+2028 and all non-ASCII go out as raw UTF-8.
/// - Integers are their `description`; a nil `url` is left out, as synthesized `encodeIfPresent` does.
///
/// A field added to the model must be added here too; the byte-equality tests fail until it is.
struct ManifestPayloadWriter {
    private var bytes: [UInt8] = []

    static func encode(_ document: ManifestDocument) -> [UInt8] {
        var writer = ManifestPayloadWriter()
        writer.bytes.reserveCapacity(estimatedCount(document))
        writer.write(document)
        return writer.bytes
    }

    /// String bytes plus keys, quotes and commas (98 bytes a pack) and numbers (at most 20 bytes each), so
    /// that a manifest without escapes is written into one allocation.
    private static func estimatedCount(_ document: ManifestDocument) -> Int {
        var count = 512 + document.iss.utf8.count
        for pack in document.packs {
            count += 192 + pack.id.utf8.count + (pack.url?.utf8.count ?? 0) + pack.sha256.utf8.count
                + pack.policy.utf8.count + pack.contentType.utf8.count
            for tag in pack.tags { count += 3 + tag.utf8.count }
        }
        for (tag, ids) in document.tags {
            count += 6 + tag.utf8.count
            for id in ids { count += 3 + id.utf8.count }
        }
        return count
    }

    private mutating func write(_ document: ManifestDocument) {
        raw("{\"exp\":"); integer(document.exp)
        raw(",\"iat\":"); integer(document.iat)
        raw(",\"iss\":"); string(document.iss)
        raw(",\"packs\":[")
        for index in document.packs.indices {
            if index > 0 { raw(",") }
            write(document.packs[index])
        }
        raw("],\"release\":"); integer(document.release)
        raw(",\"tags\":{")
        let tags = document.tags.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        for index in tags.indices {
            if index > 0 { raw(",") }
            string(tags[index].key)
            raw(":")
            strings(tags[index].value)
        }
        raw("},\"totals\":{\"essentialBytes\":"); integer(document.totals.essentialBytes)
        raw(",\"onDemandBytes\":"); integer(document.totals.onDemandBytes)
        raw(",\"prefetchBytes\":"); integer(document.totals.prefetchBytes)
        raw("},\"version\":"); integer(document.version)
        raw("}")
    }

    private mutating func write(_ pack: ManifestPack) {
        raw("{\"contentType\":"); string(pack.contentType)
        raw(",\"id\":"); string(pack.id)
        raw(",\"order\":"); integer(pack.order)
        raw(",\"policy\":"); string(pack.policy)
        raw(",\"sha256\":"); string(pack.sha256)
        raw(",\"size\":"); integer(pack.size)
        raw(",\"tags\":"); strings(pack.tags)
        if let url = pack.url {
            raw(",\"url\":"); string(url)
        }
        raw(",\"version\":"); integer(pack.version)
        raw("}")
    }

    private mutating func strings(_ values: [String]) {
        raw("[")
        for index in values.indices {
            if index > 0 { raw(",") }
            string(values[index])
        }
        raw("]")
    }

    /// `JSONEncoder` writes an integer as its `description`; so does this (a short decimal is a small
    /// string that does not allocate).
    private mutating func integer(_ value: some BinaryInteger) {
        bytes.append(contentsOf: value.description.utf8)
    }

    private mutating func raw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Copies runs of bytes that need no escape in one piece (pack strings almost never need one). A plain
    /// index loop, because `enumerated()` over bytes costs a generic-metadata lookup per byte in debug builds.
    private mutating func string(_ value: String) {
        bytes.append(0x22)  // "
        var value = value
        value.withUTF8 { utf8 in
            var runStart = 0
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                if byte < 0x20 || byte == 0x22 || byte == 0x5C {  // a control, " or \
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                    escape(byte)
                    runStart = index + 1
                }
                index += 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        }
        bytes.append(0x22)
    }

    private mutating func escape(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            // Below 0x20, so the first hex digit is 0 or 1.
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: Array("u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
        }
    }
}
