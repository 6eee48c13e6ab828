import Foundation
import Logging
import Manifest
import PackStore
import ServiceLifecycle
import Synchronization

/// Keeps a replica serving what the bucket's pointer names (docs/object-storage.md "Replicas"). Each poll
/// asks for `current.json` and `access/download-tokens.json` with conditional GETs; for a newer pointer it
/// reads the release's documents, copies the essential and prefetch blobs into the cache (each verified),
/// and only then hands the release to `LiveRelease`: at once when its `notBefore` has passed, else scheduled
/// for that instant, so every replica switches at the same second. A copy that fails leaves the release
/// unscheduled and is tried again on the next poll: a replica never goes half-live.
public final class ReplicaFollower: Service, Sendable {
    let bucket: any ObjectBucket
    let layout: BucketLayout
    let cache: BlobCache
    let live: LiveRelease
    let readiness: ReplicaReadiness
    let credentials: DownloadCredentials
    let purger: CachePurger?
    let metrics: ReplicaMetrics
    let logger: Logger
    let baseURL: String
    let style: PackURLStyle
    let interval: Duration
    let now: @Sendable () -> Int64
    /// Every channel's pointer and the build map (docs/channels.md "Buckets").
    let channels: ReplicaChannels
    /// What the caches in front were last told about, to purge what changed since.
    private let purges = CatalogPurges()

    private struct State {
        /// The bucket's ETags of the pointer and token list last read, for the conditional GETs.
        var pointerETag: String?
        var tokensETag: String?
        /// The newest pointer read that is not lower than what is served.
        var target: BucketPointer?
        /// The version refused as too large for the cache (refused once, not on every poll).
        var refusedVersion: Int?
        /// The pack digests of the release live and of the one scheduled, kept out of eviction.
        var livePins: Set<String> = []
        var scheduledPins: Set<String> = []
        var lastServedVersion: Int?
        var evictionsReported = 0
    }

    private let state = Mutex(State())
    /// One poll at a time (the service's loop, or a test calling `poll()`).
    private let polling = Mutex(())

    init(
        bucket: any ObjectBucket, layout: BucketLayout, cache: BlobCache, live: LiveRelease, readiness: ReplicaReadiness,
        credentials: DownloadCredentials, purger: CachePurger?, metrics: ReplicaMetrics, logger: Logger, baseURL: String,
        style: PackURLStyle, interval: Duration, now: @escaping @Sendable () -> Int64
    ) {
        self.bucket = bucket
        self.layout = layout
        self.cache = cache
        self.live = live
        self.readiness = readiness
        self.credentials = credentials
        self.purger = purger
        self.metrics = metrics
        self.logger = logger
        self.baseURL = baseURL
        self.style = style
        self.interval = interval
        self.now = now
        channels = ReplicaChannels(
            bucket: bucket, layout: layout, cache: cache, live: live, readiness: readiness, logger: logger, metrics: metrics,
            baseURL: baseURL, style: style, now: now)
    }

    public func run() async throws {
        await PeriodicLoop.run(every: interval, runsFirst: true) {
            // The copies block: a thread of their own, not the cooperative pool.
            await withCheckedContinuation { done in
                Thread.detachNewThread { [self] in
                    poll()
                    done.resume()
                }
            }
        }
    }

    /// One poll; errors are logged and retried on the next one, while the live release goes on being served.
    public func poll() {
        polling.withLock { _ in
            readTokens()
            readPointer()
            channels.poll { [self] channelPins in cache.pin(state.withLock { $0.livePins.union($0.scheduledPins) }.union(channelPins)) }
            // With production among the bucket's channels, its pointer says what production serves (every view).
            if !channels.governsProduction { takeUpTarget() }
            purgeWhatWentLive()
            reportLag()
        }
    }

    private func readTokens() {
        do {
            let etag = state.withLock { $0.tokensETag }
            switch try bucket.get(layout.downloadTokens, ifNoneMatch: etag) {
            case .notModified: return
            case .missing: credentials.replaceTokens([])
            case .object(let bytes, let etag):
                guard let digests = try BucketDownloadTokens(json: bytes).digests else {
                    throw ReplicaError("\(layout.downloadTokens) holds a digest that is not 64 hex digits")
                }
                credentials.replaceTokens(digests)
                state.withLock { $0.tokensETag = etag }
            }
        } catch {
            logger.error("cannot read the download tokens from the bucket: \(error)")
        }
    }

    private func readPointer() {
        do {
            let etag = state.withLock { $0.pointerETag }
            guard case .object(let bytes, let etag) = try bucket.get(layout.pointer, ifNoneMatch: etag) else { return }
            let pointer = try BucketPointer(json: bytes)
            state.withLock { $0.pointerETag = etag }
            if let served = live.release?.manifest?.version, pointer.version < served {
                logger.warning("ignoring the bucket's pointer to manifest version \(pointer.version): version \(served) is live")
                return
            }
            state.withLock { $0.target = pointer }
            // With production among the bucket's channels, its own pointer says when a version is due (a
            // rollout's step is scheduled there, later than the root pointer's renewal).
            if !channels.governsProduction { readiness.expect(version: pointer.version, notBefore: pointer.notBefore) }
        } catch {
            logger.error("cannot read the bucket's pointer: \(error)")
        }
    }

    private func takeUpTarget() {
        guard let (target, refused) = state.withLock({ state in state.target.map { ($0, state.refusedVersion) } }) else { return }
        let decision = PointerDecision.decide(
            pointer: target.version, served: live.release?.manifest?.version, upcoming: live.upcoming?.manifest?.version,
            refused: refused)
        guard decision == .prepare else { return }
        do {
            try prepare(target)
        } catch {
            logger.error("cannot take up manifest version \(target.version) (release \(target.release)) yet, trying again next poll: \(error)")
        }
    }

    /// Reads, copies and schedules (or swaps in) the release `pointer` names, or throws having changed nothing
    /// that is served.
    private func prepare(_ pointer: BucketPointer) throws {
        let reading = try BucketReleaseReading.read(pointer, from: bucket, layout: layout)
        let needed = reading.record.blobsNeededBeforeLive
        let neededBytes = needed.values.reduce(0, +)
        guard neededBytes <= cache.maxBytes else {
            state.withLock { $0.refusedVersion = pointer.version }
            metrics.refusedRelease()
            logger.error("""
                refusing release \(pointer.release) (manifest version \(pointer.version)): its essential and prefetch \
                packs need \(neededBytes) bytes, more than replica.cacheMaxBytes (\(cache.maxBytes))
                """)
            return
        }
        let pins = reading.packDigests
        cache.pin(state.withLock { $0.livePins }.union(pins).union(channels.pins))
        let missing = needed.filter { !cache.contains($0.key) }
        logger.info("""
            copying \(missing.count) blobs (\(missing.values.reduce(0, +)) bytes) of release \(pointer.release) for manifest \
            version \(pointer.version)
            """)
        let started = ContinuousClock.now
        var copiedBytes: Int64 = 0
        for (sha256, size) in needed.sorted(by: { $0.key < $1.key }) {
            do {
                if try cache.insert(sha256, size: size, fill: { write in try bucket.read(layout.blob(sha256), into: write) }) {
                    metrics.copied(bytes: size)
                    copiedBytes += size
                }
            } catch {
                metrics.copyFailed()
                throw error
            }
        }
        let published = try reading.published(blobDirectory: cache.directory, baseURL: baseURL, style: style)
        let elapsed = ContinuousClock.now - started
        let copied = "copied \(copiedBytes) bytes in \(elapsed.formatted(.units(allowed: [.milliseconds])))"
        if pointer.notBefore > now() {
            live.schedule(published)
            state.withLock { $0.scheduledPins = pins }
            logger.info("release \(pointer.release) (manifest version \(pointer.version)) ready, live at \(pointer.notBefore): \(copied)")
        } else {
            // The release it replaces stays referenced by `lastServed` until this poll's purge step replaces it:
            // freed on this thread, never on a request's.
            live.replace(with: published)
            state.withLock { $0.livePins = pins }
            cache.pin(pins.union(channels.pins))
            logger.info("release \(pointer.release) (manifest version \(pointer.version)) live: \(copied)")
        }
    }

    /// A scheduled release goes live on the first read at its instant; this poll notices, moves the pins and
    /// purges the caches in front, as a primary does when it swaps a release (and for every channel's change).
    private func purgeWhatWentLive() {
        guard let served = live.release else { return }
        let waiting = live.upcoming != nil
        let changed = state.withLock { state in
            guard state.lastServedVersion != served.manifest?.version else { return false }
            state.lastServedVersion = served.manifest?.version
            if !waiting && !state.scheduledPins.isEmpty {
                state.livePins = state.scheduledPins
                state.scheduledPins = []
            }
            return true
        }
        if changed { cache.pin(state.withLock { $0.livePins.union($0.scheduledPins) }.union(channels.pins)) }
        if let purger { purges.purge(live.catalog, with: purger, listChanged: false) }
    }

    private func reportLag() {
        let target = state.withLock { $0.target }
        let served = live.release?.manifest?.version ?? 0
        let behind = max(0, (target?.version ?? served) - served)
        let due = target.map { now() - $0.notBefore } ?? 0
        metrics.lag(versionsBehind: behind, secondsBehind: behind > 0 ? max(0, due) : 0)
        let evictions = cache.evictionCount
        let newEvictions = state.withLock { state -> Int in
            defer { state.evictionsReported = evictions }
            return evictions - state.evictionsReported
        }
        metrics.cache(heldBytes: cache.heldBytes, newEvictions: newEvictions)
    }
}
