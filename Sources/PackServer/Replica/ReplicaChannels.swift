import Crypto
import Foundation
import Hex
import Logging
import Manifest
import PackStore
import ReleaseViews
import Synchronization

/// A replica's half of channels (docs/channels.md "Buckets"): each poll reads `builds.json` (the build map and
/// the channels to follow) and every channel's pointer with conditional GETs; for a newer signing it reads the
/// views' documents and the releases' records, checks each payload against the pointer's `etag`, copies the
/// essential and prefetch blobs, and only then hands the channel to `LiveRelease`, which serves it from the
/// pointer's `notBefore` on every replica at once. A copy that fails leaves the channel as it was, and is
/// tried again on the next poll.
///
/// A bucket written before channels has no `builds.json`: then the root pointer alone says what production
/// serves (`ReplicaFollower`), as it did.
final class ReplicaChannels: Sendable {
    let bucket: any ObjectBucket
    let layout: BucketLayout
    let cache: BlobCache
    let live: LiveRelease
    /// Told when production's pointer makes a version due (documents answer 503 past it until it is live).
    let readiness: ReplicaReadiness
    let logger: Logger
    let metrics: ReplicaMetrics
    let baseURL: String
    let style: PackURLStyle
    let now: @Sendable () -> Int64

    private struct State {
        var indexETag: String?
        var index: BucketBuildMap?
        /// By channel: the ETag of the pointer last read, and the version taken up (served or scheduled).
        var pointerETags: [String: String] = [:]
        var takenUp: [String: Int] = [:]
        /// By channel: the newest pointer read (what the lag is measured against).
        var latest: [String: (version: Int, notBefore: Int64)] = [:]
        /// By channel: the version refused as too large for the cache (refused once, not on every poll).
        var refused: [String: Int] = [:]
        /// The pack digests of each channel's views (served or scheduled), kept out of the cache's eviction.
        var pins: [String: Set<String>] = [:]
    }

    private let state = Mutex(State())

    init(
        bucket: any ObjectBucket, layout: BucketLayout, cache: BlobCache, live: LiveRelease, readiness: ReplicaReadiness,
        logger: Logger, metrics: ReplicaMetrics, baseURL: String, style: PackURLStyle, now: @escaping @Sendable () -> Int64
    ) {
        self.bucket = bucket
        self.layout = layout
        self.cache = cache
        self.live = live
        self.readiness = readiness
        self.logger = logger
        self.metrics = metrics
        self.baseURL = baseURL
        self.style = style
        self.now = now
    }

    /// Whether the bucket names production among its channels: then its pointer, not the root one, says
    /// what production serves (all of its views, not only the one for clients that name no build).
    var governsProduction: Bool { state.withLock { $0.index?.channels.contains(ChannelName.production.text) ?? false } }

    /// The digests the channels' views need kept in the cache.
    var pins: Set<String> { state.withLock { $0.pins.values.reduce(into: []) { $0.formUnion($1) } } }

    /// One poll; errors are logged, and what is served stays as it was.
    /// - Parameter pinning: sets the cache's pinned digests to these plus the root pointer's.
    func poll(pinning: (Set<String>) -> Void) {
        do {
            guard let index = try readIndex() else { return }
            let served = Set(live.catalog.channels.keys)
            // Production is never removed: without its pointer here, the root pointer says what it serves.
            let removed = served.subtracting(index.channels).subtracting([ChannelName.production.text])
            if !removed.isEmpty {
                live.update([], removing: removed.sorted(), now: now())
                state.withLock { state in
                    for name in removed {
                        state.takenUp[name] = nil
                        state.pins[name] = nil
                        state.latest[name] = nil
                        state.refused[name] = nil
                    }
                }
                for name in removed { metrics.channelLag(name, versionsBehind: 0, secondsBehind: 0) }
            }
            live.update([], buildMap: index.points, now: now())
            for name in index.channels {
                follow(name, pinning: pinning)
                reportLag(of: name)
            }
        } catch {
            logger.error("cannot read \(layout.buildMap) from the bucket: \(error)")
        }
    }

    /// `builds.json` when it changed or was read before; nil when the bucket has none (written before channels).
    private func readIndex() throws -> BucketBuildMap? {
        let etag = state.withLock { $0.indexETag }
        switch try bucket.get(layout.buildMap, ifNoneMatch: etag) {
        case .missing: return nil
        case .notModified: return state.withLock { $0.index }
        case .object(let bytes, let etag):
            let index = try BucketBuildMap(json: bytes, key: layout.buildMap)
            state.withLock { state in
                state.indexETag = etag
                state.index = index
            }
            return index
        }
    }

    /// Takes up channel `name`'s pointer when it names a newer signing; logs why not when it cannot yet.
    private func follow(_ name: String, pinning: (Set<String>) -> Void) {
        let key = layout.channelPointer(name)
        let etag = state.withLock { $0.pointerETags[name] }
        let pointer: BucketChannelPointer
        let newETag: String
        do {
            guard case .object(let bytes, let read) = try bucket.get(key, ifNoneMatch: etag) else { return }
            pointer = try BucketChannelPointer(json: bytes, key: key)
            newETag = read
        } catch {
            logger.error("cannot read \(key) from the bucket: \(error)")
            return
        }
        let taken = state.withLock { state in
            state.latest[name] = (pointer.version, pointer.notBefore)
            return state.takenUp[name] ?? 0
        }
        if name == ChannelName.production.text, pointer.version > taken {
            readiness.expect(version: pointer.version, notBefore: pointer.notBefore)
        }
        do {
            try takeUp(pointer, etag: newETag, pinning: pinning)
        } catch let tooLarge as CacheTooSmall {
            // Nothing a later poll can change (the cache's size is configuration): said once, as for a release
            // the root pointer names (`ReplicaFollower`).
            state.withLock { state in
                state.refused[name] = pointer.version
                state.pointerETags[name] = newETag
            }
            metrics.refusedRelease()
            logger.error("""
                refusing manifest version \(pointer.version) of channel \(name): its essential and prefetch packs need \
                \(tooLarge.neededBytes) bytes, more than replica.cacheMaxBytes (\(cache.maxBytes))
                """)
        } catch {
            logger.error("""
                cannot take up manifest version \(pointer.version) of channel \(name) yet, trying again next poll: \(error)
                """)
        }
    }

    private func takeUp(_ pointer: BucketChannelPointer, etag newETag: String, pinning: (Set<String>) -> Void) throws {
        let name = pointer.channel
        let key = layout.channelPointer(name)
        guard pointer.channel == name, let channel = ChannelName(name) else {
            throw ReplicaError("\(key) names channel \(pointer.channel)")
        }
        let taken = state.withLock { $0.takenUp[name] }
        if let taken, pointer.version <= taken {
            state.withLock { $0.pointerETags[name] = newETag }
            if pointer.version < taken { logger.warning("ignoring \(key) at version \(pointer.version): version \(taken) is taken up") }
            return
        }
        let started = ContinuousClock.now
        let (served, copiedBytes) = try prepare(pointer, channel: channel, pinning: pinning)
        live.update([served], now: now())
        state.withLock { state in
            state.pointerETags[name] = newETag
            state.takenUp[name] = pointer.version
        }
        let copied = "copied \(copiedBytes) bytes in \((ContinuousClock.now - started).formatted(.units(allowed: [.milliseconds])))"
        let when = pointer.notBefore > now() ? "ready, live at \(pointer.notBefore)" : "live"
        logger.info("channel \(name) manifest version \(pointer.version) (\(pointer.views.count) view(s)) \(when): \(copied)")
    }

    /// Reads, checks and copies everything `pointer` names; throws having changed nothing that is served.
    private func prepare(
        _ pointer: BucketChannelPointer, channel: ChannelName, pinning: (Set<String>) -> Void
    ) throws -> (ServedChannel, copiedBytes: Int64) {
        guard let views = pointer.channelViews else { throw ReplicaError("channel \(channel): a view names no run of builds") }
        var loaded: [Int: PublishedRelease] = [:]
        for served in live.catalog.channels.values {
            for release in served.releases { loaded[release.snapshot.release] = release }
        }
        var records: [Int: BucketRelease] = [:]
        var releases: [PublishedRelease] = []
        var channelPins: Set<String> = []
        for (view, segment) in zip(pointer.views, views.segments) {
            let record = try records[view.release] ?? readRecord(view.release)
            records[view.release] = record
            let manifest = try readManifest(of: view, named: view.segment, in: pointer)
            var bodies: [String: [UInt8]] = [:]
            for name in view.documents {
                guard let body = try bucket.get(layout.viewDownloadManifest(pointer.channel, version: pointer.version, segment: view.segment, name: name))
                else { throw ReplicaError("the \(name) of \(pointer.channel)'s view \(view.segment) is missing") }
                bodies[name] = body
            }
            let base = ManifestSigner.base(issuer: baseURL, style: style, channel: channel, segment: segment)
            // The publisher's bodies when they were made with this server's base URL and URL style.
            let ours = pointer.documentsProfile == DownloadManifestVariants.profile(baseURL: baseURL, style: style)
            let documents = DownloadManifestVariants.view(
                stored: ours ? bodies : nil, packs: { record.packs }, release: view.release, createdAt: record.createdAt,
                baseURL: base, style: style, appleVersions: view.appleVersions
            ).variants
            if let shared = loaded[view.release] {
                releases.append(shared.view(
                    baseURL: base, style: style, appleVersions: view.appleVersions, downloadManifests: documents,
                    manifest: try ViewManifest(manifest)))
            } else {
                let release = try PublishedRelease(
                    snapshot: record.snapshot(blobDirectory: cache.directory), history: record.history, baseURL: base,
                    style: style, appleVersions: view.appleVersions, downloadManifests: documents, manifest: manifest)
                loaded[view.release] = release
                releases.append(release)
            }
        }
        var rollout: ServedRollout?
        if let live = pointer.rollout { rollout = try served(live, of: pointer, records: &records, loaded: &loaded) }
        for record in records.values { channelPins.formUnion(record.packs.map(\.sha256)) }
        // The channel's old views stay pinned too until this poll is over: they are served until `notBefore`.
        let copied = try copyBlobs(of: records.values, for: pointer, pins: pins.union(channelPins), pinning: pinning)
        state.withLock { $0.pins[channel.text, default: []].formUnion(channelPins) }
        let served = ServedChannel(
            name: channel, version: pointer.version, requireCredentials: pointer.requireCredentials, views: views,
            releases: releases, notBefore: pointer.notBefore, rollout: rollout,
            reportableReleases: pointer.rollout.map { [$0.previousRelease, $0.release] } ?? [])
        return (served, copied)
    }

    /// A live rollout's candidate views as the admitted cohorts read them (nil while halted), its record added
    /// to `records` so its essential and prefetch blobs are copied before the pointer goes live.
    private func served(
        _ rollout: BucketChannelRollout, of pointer: BucketChannelPointer, records: inout [Int: BucketRelease],
        loaded: inout [Int: PublishedRelease]
    ) throws -> ServedRollout? {
        let record = try records[rollout.release] ?? readRecord(rollout.release)
        records[rollout.release] = record
        guard rollout.state == RolloutState.running.rawValue else { return nil }
        guard let cohorts = rollout.cohorts, let views = rollout.channelViews else {
            throw ReplicaError("channel \(pointer.channel): its rollout cannot be served")
        }
        var releases: [PublishedRelease] = []
        for view in rollout.views {
            let segment = BucketChannelRollout.viewName(of: view)
            let manifest = try readManifest(of: view, named: segment, in: pointer)
            if let shared = loaded[rollout.release] {
                releases.append(shared.view(
                    baseURL: baseURL, style: ManifestSigner.cohortViewStyle, appleVersions: [:], downloadManifests: nil,
                    manifest: try ViewManifest(manifest)))
            } else {
                let release = try PublishedRelease(
                    snapshot: record.snapshot(blobDirectory: cache.directory), history: record.history, baseURL: baseURL,
                    style: ManifestSigner.cohortViewStyle, signed: try ViewManifest(manifest), servesDownloadManifests: false)
                loaded[rollout.release] = release
                releases.append(release)
            }
        }
        return ServedRollout(cohorts: cohorts, views: views, releases: releases)
    }

    /// The channel's lag behind its newest pointer, as `ReplicaFollower` reports production's by the root one.
    private func reportLag(of name: String) {
        let (latest, taken) = state.withLock { ($0.latest[name], $0.takenUp[name]) }
        guard let latest else { return }
        let behind = max(0, latest.version - (taken ?? 0))
        metrics.channelLag(name, versionsBehind: behind, secondsBehind: behind > 0 ? max(0, now() - latest.notBefore) : 0)
    }

    /// A channel's essential and prefetch packs do not fit in `replica.cacheMaxBytes`.
    private struct CacheTooSmall: Error {
        let neededBytes: Int64
    }

    private func readRecord(_ release: Int) throws -> BucketRelease {
        let key = layout.releaseRecord(release)
        guard let bytes = try bucket.get(key) else { throw ReplicaError("\(key) is missing from the bucket") }
        let record = try BucketRelease(json: bytes)
        guard record.release == release else { throw ReplicaError("\(key) describes release \(record.release)") }
        return record
    }

    /// The view's three signed forms, its payload checked against the pointer's `etag`.
    /// - Parameter segment: the view's name (a cohort view's is `ViewSegment.cohortViewName`).
    private func readManifest(
        of view: BucketChannelPointer.View, named segment: String, in pointer: BucketChannelPointer
    ) throws -> StoredManifest {
        let (name, version) = (pointer.channel, pointer.version)
        func object(_ key: String) throws -> [UInt8] {
            guard let bytes = try bucket.get(key) else { throw ReplicaError("\(key) is missing from the bucket") }
            return bytes
        }
        let payload = try object(layout.viewManifestPayload(name, version: version, segment: segment))
        let digest = Hex.string(SHA256.hash(data: payload))
        guard digest == view.etag else {
            throw ReplicaError("\(name)'s view \(segment) at version \(version) hashes to \(digest), not the pointer's \(view.etag)")
        }
        let signature = try object(layout.viewManifestSignature(name, version: version, segment: segment))
        let key = layout.viewManifestJWS(name, version: version, segment: segment)
        guard let jws = DetachedJWS(compact: try object(key)) else { throw ReplicaError("\(key) is not a compact JWS") }
        return pointer.manifest(of: view, named: segment, payload: payload, signature: signature, detachedJWS: jws.text)
    }

    /// Every essential and prefetch blob of `records` into the cache (on-demand ones are read through); the
    /// bytes copied.
    private func copyBlobs(
        of records: some Collection<BucketRelease>, for pointer: BucketChannelPointer, pins: Set<String>,
        pinning: (Set<String>) -> Void
    ) throws -> Int64 {
        var needed: [String: Int64] = [:]
        for record in records { needed.merge(record.blobsNeededBeforeLive) { first, _ in first } }
        let neededBytes = needed.values.reduce(0, +)
        guard neededBytes <= cache.maxBytes else { throw CacheTooSmall(neededBytes: neededBytes) }
        pinning(pins)
        let missing = needed.filter { !cache.contains($0.key) }
        if !missing.isEmpty {
            let releases = records.map(\.release).sorted().map(String.init).joined(separator: ", ")
            logger.info("""
                copying \(missing.count) blobs (\(missing.values.reduce(0, +)) bytes) of release \(releases) for manifest \
                version \(pointer.version) of channel \(pointer.channel)
                """)
        }
        var copied: Int64 = 0
        for (sha256, size) in needed.sorted(by: { $0.key < $1.key }) {
            if try cache.insert(sha256, size: size, fill: { write in try bucket.read(layout.blob(sha256), into: write) }) {
                copied += size
                metrics.copied(bytes: size)
            }
        }
        return copied
    }
}
