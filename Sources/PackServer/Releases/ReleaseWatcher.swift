import Foundation
import HTTPServer
import Logging
import Manifest
import PackStore
import ReleaseViews
import ServiceLifecycle
import Synchronization

/// Keeps `LiveRelease` current: polls the index every 250 ms (the channels with their manifest versions, a
/// few rows, cheap in WAL mode) and loads every channel whose version changed (a publish, promote, rollback,
/// remap or signing by any process: `ReleaseLoader`) off the request path, then swaps it in whole, at its
/// `notBefore`. Renewals that are due are signed first (`ManifestRenewal`). This is how `packserve publish`
/// reaches a running `serve` within a second. Each poll also takes up the current `download` tokens
/// (`DownloadCredentials`), so `token create` and `token revoke` count as fast.
public struct ReleaseWatcher: Service {
    let store: PackStore
    let live: LiveRelease
    let credentials: DownloadCredentials?
    let loader: ReleaseLoader
    let renewal: ManifestRenewal
    let interval: Duration
    /// Unix seconds: when a manifest is due for renewal and when a signed-ahead one goes live.
    let now: @Sendable () -> Int64
    /// Tells the caches in front what went stale when a release or a signing goes live.
    let purger: CachePurger?
    /// What was live at the previous poll, to purge what changed since (a renewal goes live between polls).
    private let lastServed = LastServed()

    private final class LastServed: Sendable {
        let purges = CatalogPurges()
        let channels = Mutex<[ChannelSummary]?>(nil)
    }

    public init(
        store: PackStore, live: LiveRelease, baseURL: String, style: PackURLStyle, signer: ManifestSigner?,
        logger: Logger, interval: Duration = .milliseconds(250), durations: ServerDurations = .discarded,
        credentials: DownloadCredentials? = nil, purger: CachePurger? = nil,
        signingLeaseHolder: String? = nil, now: @escaping @Sendable () -> Int64 = ApplicationClock.system.now
    ) {
        self.now = now
        self.store = store
        self.live = live
        self.credentials = credentials
        loader = ReleaseLoader(
            store: store, baseURL: baseURL, style: style, logger: logger, loadDuration: durations.releaseLoad)
        renewal = ManifestRenewal(
            store: store, signer: signer, logger: logger, startedAt: now(),
            holder: signingLeaseHolder ?? ManifestRenewal.processName(), signingDuration: durations.manifestSigning)
        self.interval = interval
        self.purger = purger
    }

    public func run() async throws {
        // The channels replaced on the previous tick: by now no request still uses them, so freeing them here
        // costs the watcher's thread, not a request.
        var retired: [ServedChannel] = []
        await PeriodicLoop.run(every: interval) {
            retired = []
            retired = poll(now: now())
        }
        _ = retired
    }

    /// One poll at the watcher's `now`.
    public func refresh() {
        refresh(now: now())
    }

    /// One poll at `now`.
    public func refresh(now: Int64) {
        _ = poll(now: now)
    }

    /// One poll. Errors are logged and retried on the next tick: a transient problem must not take down a
    /// server that is still serving the last release. Returns the channels it replaced, for the caller to free
    /// later.
    private func poll(now: Int64) -> [ServedChannel] {
        do {
            return try advance(now: now)
        } catch {
            renewal.logger.error("cannot refresh the live release: \(error)")
            return []
        }
    }

    /// The first refresh, when the server starts: as `refresh`, except that an index whose rows cannot be
    /// trusted (`PackStoreError.untrustworthyIndex`, a restored or edited index) stops the start with its one
    /// line, instead of a server that answers 503 for ever.
    public func startUp() throws(PackStoreError) {
        do {
            _ = try advance(now: now())
        } catch let error as PackStoreError {
            if case .untrustworthyIndex = error { throw error }
            renewal.logger.error("cannot refresh the live release: \(error)")
        } catch {
            renewal.logger.error("cannot refresh the live release: \(error)")
        }
    }

    private func advance(now: Int64) throws -> [ServedChannel] {
        if let credentials {
            do {
                credentials.replaceTokens(try store.tokenDigests(withScope: .download))
            } catch {
                renewal.logger.error("cannot read the download tokens: \(error)")
            }
        }
        try renewal.renewDue(now: now)
        let summaries = try store.channels()
        let known = live.knownVersions
        var loaded = ReleaseLoader.Loaded()
        for channel in live.catalog.channels.values {
            for release in channel.releases { loaded.releases[release.snapshot.release] = release }
        }
        var changed: [ServedChannel] = []
        for summary in summaries where known[summary.name] != summary.version {
            if let channel = try loader.channel(summary, loaded: &loaded) { changed.append(channel) }
        }
        let removed = Set(known.keys).subtracting(summaries.map(\.name)).sorted()
        var buildMap: [BuildPoint: ChannelName]?
        var newest: PublishedRelease?
        if !changed.isEmpty || !removed.isEmpty {
            buildMap = [:]
            for mapping in try store.buildMap() {
                if let channel = ChannelName(mapping.channel) { buildMap?[mapping.build.point] = channel }
            }
            if let latest = try store.latestReleaseNumber() { newest = try loader.release(latest, loaded: &loaded) }
        }
        let listChanged = try takeUpChannels(summaries, now: now)
        let retired = live.update(changed, removing: removed, buildMap: buildMap, newest: newest, now: now)
        if let purger { lastServed.purges.purge(live.catalog, with: purger, listChanged: listChanged) }
        return retired
    }

    /// Replaces the `GET /channels` document when a channel was made, moved, signed or removed; says whether it did.
    private func takeUpChannels(_ channels: [ChannelSummary], now: Int64) throws -> Bool {
        let changed = lastServed.channels.withLock { last in
            defer { last = channels }
            return last != channels
        }
        guard changed else { return false }
        let body = try ChannelDocuments.publicList(channels)
        live.replaceChannels(EncodedDocument(
            body: body, contentType: "application/json", entityTag: Fingerprint.entityTag(prefix: "c", body: body),
            lastModified: now, cacheControl: nil, compress: true))
        return true
    }
}
