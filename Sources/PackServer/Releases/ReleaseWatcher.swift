import Foundation
import HTTPServer
import Logging
import Manifest
import PackStore
import ServiceLifecycle
import Synchronization

/// Keeps `LiveRelease` current: polls the index (two primary-key lookups every 250 ms, cheap in WAL mode)
/// and, when another process has published, rolled back or signed, loads the new release (`ReleaseLoader`)
/// or manifest (`ManifestRenewal`, which also re-signs before expiry) off the request path and swaps it in.
/// This is how `packserve publish` reaches a running `serve` within a second. Each poll also takes up the
/// current `download` tokens (`DownloadCredentials`), so `token create` and `token revoke` count as fast.
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
        let release = Mutex<PublishedRelease?>(nil)
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
        // The release replaced on the previous tick: by now no request still uses it, so freeing it here
        // costs the watcher's thread, not a request.
        var retired: PublishedRelease?
        await PeriodicLoop.run(every: interval) {
            retired = nil
            retired = refresh()
        }
        _ = retired
    }

    /// One poll at the watcher's `now`.
    @discardableResult
    public func refresh() -> PublishedRelease? {
        refresh(now: now())
    }

    /// One poll. Errors are logged and retried on the next tick: a transient problem must not take down a
    /// server that is still serving the last release.
    /// Returns the release it replaced, for the caller to free later.
    @discardableResult
    public func refresh(now: Int64) -> PublishedRelease? {
        do {
            return try advance(now: now)
        } catch {
            renewal.logger.error("cannot refresh the live release: \(error)")
            return nil
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

    private func advance(now: Int64) throws -> PublishedRelease? {
        if let credentials {
            do {
                credentials.replaceTokens(try store.tokenDigests(withScope: .download))
            } catch {
                renewal.logger.error("cannot read the download tokens: \(error)")
            }
        }
        guard let latest = try store.answeringRelease() else { return nil }
        var release = live.release
        let waiting = live.upcoming
        if latest != release?.snapshot.release {
            release = try loader.load(latest, keepingManifestOf: release)
        }
        guard var current = release else { return nil }
        // The newest manifest this process knows: the one waiting for its instant, if it is for this release.
        let known = (waiting?.snapshot.release == latest ? waiting?.manifest : nil) ?? current.manifest
        let newest = try renewal.manifest(after: known, latest: latest, now: now)
        var upcoming: PublishedRelease?
        // A process that serves no manifest yet (it just started) serves the newest at once: waiting for its
        // go-live second would answer 503 until then.
        if let newest, newest.notBefore > now, current.manifest != nil {
            // Signed ahead: it goes live at its instant, on every process at once. Made into documents once.
            if let waiting, waiting.manifest == newest, waiting.snapshot.release == latest {
                upcoming = waiting
            } else {
                upcoming = current
                upcoming?.serve(newest)
            }
        } else {
            current.serve(newest)
        }
        try renewal.renewOtherChannels(now: now)
        try takeUpChannels(now: now)
        let previous = live.replace(with: current, upcoming: upcoming)
        if let purger { purgeWhatChanged(with: purger) }
        return previous
    }

    /// Replaces the `GET /channels` document when a channel was made, moved, signed or removed.
    private func takeUpChannels(now: Int64) throws {
        let channels = try store.channels()
        let changed = lastServed.channels.withLock { last in
            defer { last = channels }
            return last != channels
        }
        guard changed else { return }
        let body = try ChannelDocuments.publicList(channels)
        live.replaceChannels(EncodedDocument(
            body: body, contentType: "application/json", entityTag: Fingerprint.entityTag(prefix: "c", body: body),
            lastModified: now, cacheControl: nil, compress: true))
    }

    /// Purges against what was live at the previous poll, whatever made it change (this poll's swap, or an
    /// upcoming manifest that went live in between).
    private func purgeWhatChanged(with purger: CachePurger) {
        guard let served = live.release else { return }
        let before = lastServed.release.withLock { last in
            let before = last
            last = served
            return before
        }
        Self.purge(from: before, to: served, with: purger)
    }

    /// After the swap, never before: a cache that refetches at once must get the new answer. A new release
    /// (or rollback) stales what `PurgeKeys` lists; a new signing of the same release only the documents. The
    /// first release a process loads purges the documents, which may predate a publish made while it was down.
    static func purge(from previous: PublishedRelease?, to current: PublishedRelease, with purger: CachePurger) {
        guard let previous else {
            return purger.purge([CachePolicy.documentsKey], reason: "start-up, release \(current.snapshot.release)")
        }
        if previous.snapshot.release != current.snapshot.release {
            purger.purge(PurgeKeys.between(previous.snapshot, current.snapshot), reason: "release \(current.snapshot.release)")
        } else if previous.manifest?.version != current.manifest?.version {
            purger.purge([CachePolicy.documentsKey], reason: "manifest version \(current.manifest?.version ?? 0)")
        }
    }
}
