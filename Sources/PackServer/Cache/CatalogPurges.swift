import ReleaseViews
import Synchronization

/// Purges what changed between the catalog served at one look and the next, whatever made it change (a swap,
/// or an upcoming signing that went live in between): the release watcher's and a replica's (docs/http.md
/// "Purge on go-live"). The first catalog a process serves purges every channel's documents, which may
/// predate a change made while it was down.
final class CatalogPurges: Sendable {
    private let last = Mutex<ServedCatalog?>(nil)

    /// Call after the swap, never before: a cache that refetches at once must get the new answer.
    /// - Parameter listChanged: `/channels` changed (a channel was made, moved or removed).
    func purge(_ served: ServedCatalog, with purger: CachePurger, listChanged: Bool) {
        guard !served.channels.isEmpty else { return }
        let before = last.withLock { last in
            defer { last = served }
            return last
        }
        guard let before else {
            let keys = served.channels.keys.sorted().compactMap(ChannelName.init).flatMap(CachePolicy.documentsKeys)
            return purger.purge(keys + [CachePolicy.releasesKey], reason: "start-up")
        }
        for (keys, reason) in PurgeKeys.between(before, served, channels: listChanged) {
            purger.purge(keys, reason: reason)
        }
    }
}
