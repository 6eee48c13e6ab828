import JSONText
import PackKitWire

/// Writes a `PackManifest` as exactly the bytes `CanonicalJSON.encode(document)` produces, without
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
    private var out = JSONBytes()

    static func encode(_ document: PackManifest) -> [UInt8] {
        var writer = ManifestPayloadWriter()
        writer.out.reserveCapacity(estimatedCount(document))
        writer.write(document)
        return writer.out.bytes
    }

    /// String bytes plus keys, quotes and commas (98 bytes a pack) and numbers (at most 20 bytes each), so
    /// that a manifest without escapes is written into one allocation.
    private static func estimatedCount(_ document: PackManifest) -> Int {
        var count = 512 + document.iss.utf8.count + document.channel.utf8.count
        for pack in document.packs {
            count += 208 + pack.id.utf8.count + (pack.url?.utf8.count ?? 0) + pack.sha256.utf8.count
                + pack.policy.rawValue.utf8.count + (pack.contentType?.utf8.count ?? 0)
            for tag in pack.tags { count += 3 + tag.utf8.count }
        }
        for (tag, ids) in document.tags {
            count += 6 + tag.utf8.count
            for id in ids { count += 3 + id.utf8.count }
        }
        return count
    }

    private mutating func write(_ document: PackManifest) {
        out.raw("{")
        if let builds = document.builds {
            out.raw("\"builds\":{")
            if let max = builds.max {
                out.raw("\"max\":"); out.string(max)
                if builds.min != nil { out.raw(",") }
            }
            if let min = builds.min { out.raw("\"min\":"); out.string(min) }
            out.raw("},")
        }
        out.raw("\"channel\":"); out.string(document.channel)
        out.raw(",\"exp\":"); out.integer(document.exp)
        out.raw(",\"iat\":"); out.integer(document.iat)
        out.raw(",\"iss\":"); out.string(document.iss)
        out.raw(",\"packs\":[")
        for index in document.packs.indices {
            if index > 0 { out.raw(",") }
            write(document.packs[index])
        }
        out.raw("],\"release\":"); out.integer(document.release)
        out.raw(",\"tags\":{")
        let tags = document.tags.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        for index in tags.indices {
            if index > 0 { out.raw(",") }
            out.string(tags[index].key)
            out.raw(":")
            out.strings(tags[index].value)
        }
        out.raw("},\"totals\":{\"essentialBytes\":"); out.integer(document.totals.essentialBytes)
        out.raw(",\"onDemandBytes\":"); out.integer(document.totals.onDemandBytes)
        out.raw(",\"prefetchBytes\":"); out.integer(document.totals.prefetchBytes)
        out.raw("},\"version\":"); out.integer(document.version)
        out.raw("}")
    }

    private mutating func write(_ pack: PackDescriptor) {
        out.raw("{")
        if let access = pack.access { out.raw("\"access\":"); out.string(access); out.raw(",") }
        if let contentType = pack.contentType { out.raw("\"contentType\":"); out.string(contentType); out.raw(",") }
        out.raw("\"id\":"); out.string(pack.id)
        out.raw(",\"order\":"); out.integer(pack.order)
        out.raw(",\"policy\":"); out.string(pack.policy.rawValue)
        out.raw(",\"sha256\":"); out.string(pack.sha256)
        out.raw(",\"size\":"); out.integer(pack.size)
        out.raw(",\"tags\":"); out.strings(pack.tags)
        if let url = pack.url {
            out.raw(",\"url\":"); out.string(url)
        }
        out.raw(",\"version\":"); out.integer(pack.version)
        out.raw("}")
    }
}
