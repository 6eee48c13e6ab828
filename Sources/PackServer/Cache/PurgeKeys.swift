import PackStore
import ReleaseViews

/// The surrogate keys a change of what is served makes stale (docs/http.md "Caching", docs/channels.md
/// "Caches"). A change to one channel purges only its own keys: its documents; `pack.{channel}.{id}` (and
/// production's `pack-{id}`) for every id whose bytes or access changed in one of its views, or that appeared
/// or went away; `blob-{hex}` for every blob that turned private (its bytes never change, but a cache must
/// stop handing them to everyone). `packserve-releases` goes when `/releases` or `/channels` changed.
enum PurgeKeys {
    /// One purge per channel whose signing changed (a new version, or removed), and one for the lists.
    static func between(_ old: ServedCatalog, _ new: ServedCatalog, channels listChanged: Bool)
        -> [(keys: [String], reason: String)]
    {
        var purges: [(keys: [String], reason: String)] = []
        for name in Set(old.channels.keys).union(new.channels.keys).sorted() {
            let before = old.channels[name]
            let after = new.channels[name]
            guard before?.version != after?.version, let channel = ChannelName(name) else { continue }
            var ids: Set<String> = []
            var blobs: Set<String> = []
            for (previous, current) in pairs(before, after) {
                let (changedIDs, privateBlobs) = changes(previous?.snapshot, current?.snapshot)
                ids.formUnion(changedIDs)
                blobs.formUnion(privateBlobs)
            }
            let keys = CachePolicy.documentsKeys(channel)
                + ids.sorted().flatMap { CachePolicy.packKeys($0, channel: channel) }
                + blobs.sorted().map(CachePolicy.blobKey)
            purges.append((keys, after.map { "channel \(channel), manifest version \($0.version)" } ?? "channel \(channel) removed"))
        }
        if listChanged || old.newest?.releasesDocument.entityTag != new.newest?.releasesDocument.entityTag {
            purges.append(([CachePolicy.releasesKey], "the lists of releases and channels"))
        }
        return purges
    }

    /// The view each build read before and reads after, paired at every bound of either channel's runs.
    private static func pairs(_ before: ServedChannel?, _ after: ServedChannel?)
        -> [(PublishedRelease?, PublishedRelease?)]
    {
        var points: Set<BuildPoint> = [.zero]
        for channel in [before, after].compactMap(\.self) {
            for segment in channel.views.segments { points.insert(segment.lower) }
        }
        return points.sorted().map { point in
            let build = AppBuild(point: point)
            return (before?.release(for: build), after?.release(for: build))
        }
    }

    /// The ids whose bytes or access differ between two releases (or that only one has), and the blobs that
    /// turned private.
    private static func changes(_ old: ReleaseSnapshot?, _ new: ReleaseSnapshot?) -> (ids: Set<String>, blobs: Set<String>) {
        if let old, let new, old.release == new.release { return ([], []) }
        let oldPacks = old?.packs ?? [:]
        let newPacks = new?.packs ?? [:]
        var ids: Set<String> = []
        for (id, pack) in newPacks where oldPacks[id]?.sha256 != pack.sha256 || oldPacks[id]?.access != pack.access {
            ids.insert(id)
        }
        for id in oldPacks.keys where newPacks[id] == nil { ids.insert(id) }
        let blobs = (new?.privateDigests ?? []).subtracting(old?.privateDigests ?? [])
        return (ids, blobs)
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
