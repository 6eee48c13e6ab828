import JSONText

/// Writes a `DownloadManifest` as exactly the bytes `CanonicalJSON.encode(manifest)` produces, without
/// `JSONEncoder` (too slow for a server that builds the document of 100,000 packs at every release; see
/// `ManifestPayloadWriter`). Keys are written in sorted order by hand; DownloadManifestWriterTests compares
/// the bytes with `CanonicalJSON.encode`, so a field added to the model must be added here too.
struct DownloadManifestWriter {
    private var out = JSONBytes()

    static func encode(_ manifest: DownloadManifest) -> [UInt8] {
        Array("{\"assetPacks\":[".utf8) + encodePacks(manifest.assetPacks[...]) + Array("]}".utf8)
    }

    /// The pack objects separated by commas, without the enclosing array.
    private static func encodePacks(_ packs: ArraySlice<DownloadManifestPack>) -> [UInt8] {
        var writer = DownloadManifestWriter()
        var estimate = 0
        for pack in packs {
            // Keys, punctuation and numbers take about 220 bytes a pack.
            estimate += 256 + 2 * pack.id.utf8.count + pack.url.utf8.count
            switch pack.userInfo {
            case .packServe(let sha256, let tags, _):
                estimate += sha256.utf8.count
                for tag in tags { estimate += 3 + tag.utf8.count }
            case .own(let json):
                estimate += json.utf8.count
            }
        }
        writer.out.reserveCapacity(estimate)
        for index in packs.indices {
            if index > packs.startIndex { writer.out.raw(",") }
            writer.write(packs[index])
        }
        return writer.out.bytes
    }

    private mutating func write(_ pack: DownloadManifestPack) {
        out.raw("{\"downloadPolicy\":")
        switch pack.downloadPolicy {
        case .essential(let events):
            out.raw("{\"essential\":{\"installationEventTypes\":"); out.strings(events); out.raw("}}")
        case .prefetch(let events):
            out.raw("{\"prefetch\":{\"installationEventTypes\":"); out.strings(events); out.raw("}}")
        case .onDemand:
            out.raw("{\"onDemand\":{}}")
        }
        out.raw(",\"downloadSize\":"); out.integer(pack.downloadSize)
        out.raw(",\"host\":{\"thirdParty\":{}}")
        out.raw(",\"id\":"); out.string(pack.id)
        out.raw(",\"url\":"); out.string(pack.url)
        switch pack.userInfo {
        case .packServe(let sha256, let tags, let release):
            out.raw(",\"userInfo\":{\"release\":"); out.integer(release)
            out.raw(",\"sha256\":"); out.string(sha256)
            out.raw(",\"tags\":"); out.strings(tags)
            out.raw("}")
        case .own(let json):
            // Canonical JSON already: the bytes `JSONEncoder` writes for the value.
            out.raw(",\"userInfo\":"); out.bytes.append(contentsOf: json.utf8)
        }
        out.raw(",\"version\":"); out.integer(pack.version)
        out.raw("}")
    }
}
