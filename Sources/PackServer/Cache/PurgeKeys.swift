import PackStore

/// The surrogate keys a change of the live release makes stale (docs/http.md "Caching"): always the documents;
/// `pack-{id}` for every id whose bytes or access changed, or that appeared or went away; `blob-{hex}` for every blob that turned
/// private (its bytes never change, but a cache must stop handing them to everyone).
enum PurgeKeys {
    static func between(_ old: ReleaseSnapshot?, _ new: ReleaseSnapshot) -> [String] {
        var keys = [CachePolicy.documentsKey]
        let oldPacks = old?.packs ?? [:]
        for (id, pack) in new.packs where oldPacks[id]?.sha256 != pack.sha256 || oldPacks[id]?.access != pack.access {
            keys.append(CachePolicy.packKey(id))
        }
        for id in oldPacks.keys where new.packs[id] == nil {
            keys.append(CachePolicy.packKey(id))
        }
        for hex in new.privateDigests.subtracting(old?.privateDigests ?? []) {
            keys.append(CachePolicy.blobKey(hex))
        }
        // Sorted after the documents, so requests and logs are the same for the same change.
        return [keys[0]] + keys.dropFirst().sorted()
    }

    /// `keys` joined with spaces (how xkey, Surrogate-Key and Cache-Tag list several) into header values of at
    /// most `maxBytes` each: a launch can change thousands of ids, more than a CDN takes in one header.
    static func batches(_ keys: [String], maxBytes: Int = 4096) -> [String] {
        var batches: [String] = []
        var current = ""
        for key in keys {
            if !current.isEmpty && current.utf8.count + 1 + key.utf8.count > maxBytes {
                batches.append(current)
                current = ""
            }
            current += current.isEmpty ? key : " \(key)"
        }
        if !current.isEmpty { batches.append(current) }
        return batches
    }
}
