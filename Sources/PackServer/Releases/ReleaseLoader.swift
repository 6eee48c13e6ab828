import Foundation
import Logging
import Manifest
import Metrics
import PackStore
import ReleaseViews

/// Turns a channel of the index into what the request path serves (`ServedChannel`), off the request path:
/// for each of its views, the release (loaded once, and shared with every other view that answers it), the
/// view's Apple versions, its download manifest as stored when the channel was signed, and its manifest.
/// Only a view signed before documents were kept, or with another base URL or URL style than this server's,
/// has its download manifest encoded here.
struct ReleaseLoader {
    let store: PackStore
    let baseURL: String
    let style: PackURLStyle
    let logger: Logger
    /// Records how long each release load took (docs/metrics.md `packserve_release_load_duration_seconds`).
    var loadDuration = ServerDurations.discarded.releaseLoad

    /// What a poll has loaded so far: releases by number, the index's release history, and download
    /// manifests by what they are made of (`ViewShape.documentsKey`), so that views with the same stored bytes
    /// share one copy (and one compression) of them.
    struct Loaded {
        var releases: [Int: PublishedRelease] = [:]
        var history: [ReleaseSummary]?
        var downloadManifests: [String: DownloadManifestVariants] = [:]
    }

    /// `summary`'s channel with every view, or nil when it has no view yet (a channel of an empty index).
    /// - Parameter loaded: releases already in memory (the catalog being served, and this poll's loads).
    func channel(_ summary: ChannelSummary, loaded: inout Loaded) throws -> ServedChannel? {
        guard let name = ChannelName(summary.name) else { return nil }
        let views = try store.views(of: name)
        guard !views.segments.isEmpty else { return nil }
        // Headers only: each view's bytes are read when a request first asks for them (`ViewManifest`).
        let manifests = try store.latestManifestHeaders(of: name)
        let signedView = { [store] (header: StoredManifest) in
            ViewManifest(header: header) {
                try store.manifestBytes(channel: name, version: header.version, view: header.view).map {
                    ManifestDocuments(
                        header: header, payload: $0.payload, signature: $0.signature,
                        jws: try StoredManifest.compactJWS(detached: $0.detachedJWS, payload: $0.payload))
                }
            }
        }
        var releases: [PublishedRelease] = []
        for segment in views.segments {
            let signed = manifests[segment.description].map(signedView)
            guard let release = try view(segment, of: name, manifest: signed, loaded: &loaded) else { return nil }
            releases.append(release)
        }
        let notBefore = manifests.values.map(\.notBefore).max() ?? 0
        var reportable = Set(try store.channelHistory(name).filter { !$0.isPruned }.map(\.release))
        if let live = try store.rollout(of: name), live.state.isLive { reportable.insert(live.candidate) }
        return ServedChannel(
            name: name, version: summary.version, requireCredentials: summary.requireCredentials, views: views,
            releases: releases, notBefore: notBefore,
            rollout: try rollout(of: name, manifests: manifests, signed: signedView, loaded: &loaded),
            reportableReleases: reportable)
    }

    /// `channel`'s running rollout with the candidate's views its admitted cohorts read, or nil. A cohort view
    /// names blobs and serves no download manifest, so none is read or encoded for it.
    private func rollout(
        of channel: ChannelName, manifests: [String: StoredManifest], signed: (StoredManifest) -> ViewManifest,
        loaded: inout Loaded
    ) throws -> ServedRollout? {
        guard let (rollout, views) = try store.runningRollout(of: channel) else { return nil }
        var releases: [PublishedRelease] = []
        for segment in views.segments {
            let manifest = manifests[segment.cohortViewName].map(signed)
            if let candidate = loaded.releases[rollout.candidate] {
                releases.append(candidate.view(
                    baseURL: baseURL, style: ManifestSigner.cohortViewStyle, appleVersions: [:], downloadManifests: nil, manifest: manifest))
                continue
            }
            guard let (release, entries, otherBlobSizes, privateDigests) = try store.loadReleaseEntries(release: rollout.candidate)
            else { return nil }
            if loaded.history == nil { loaded.history = try store.releases() }
            releases.append(try PublishedRelease(
                snapshot: store.snapshot(of: release, entries: entries, otherBlobSizes: otherBlobSizes, privateDigests: privateDigests),
                history: loaded.history ?? [], baseURL: baseURL, style: ManifestSigner.cohortViewStyle, signed: manifest,
                servesDownloadManifests: false))
        }
        return ServedRollout(cohorts: rollout.cohorts, views: views, releases: releases)
    }

    /// Release `number` as its first view in this poll needs it (nil: as production's view for clients that
    /// name no build), or nil when the index no longer lists it. Later views of the same release share it.
    func release(
        _ number: Int, as view: (channel: ChannelName, segment: ViewSegment, manifest: ViewManifest?)? = nil,
        loaded: inout Loaded
    ) throws -> PublishedRelease? {
        if let release = loaded.releases[number] { return release }
        let started = ContinuousClock.now
        guard let (release, entries, otherBlobSizes, privateDigests) = try store.loadReleaseEntries(release: number)
        else { return nil }
        let snapshot = store.snapshot(
            of: release, entries: entries, otherBlobSizes: otherBlobSizes, privateDigests: privateDigests)
        if loaded.history == nil { loaded.history = try store.releases() }
        let shape = try viewShape(view.map { ($0.channel, $0.segment) }, of: snapshot)
        let published = try PublishedRelease(
            snapshot: snapshot, history: loaded.history ?? [], baseURL: shape.base, style: style,
            appleVersions: shape.appleVersions,
            downloadManifests: try downloadManifests(shape, of: snapshot, loaded: &loaded), signed: view?.manifest ?? nil)
        loaded.releases[number] = published
        let elapsed = ContinuousClock.now - started
        loadDuration.record(duration: elapsed)
        logger.info("release \(number) loaded: \(snapshot.packs.count) packs in \(elapsed.formatted(.units(allowed: [.milliseconds])))")
        return published
    }

    /// What sets one view of a release apart from another.
    private struct ViewShape {
        /// What its pack URLs start with.
        let base: String
        /// Its Apple versions where they differ from the release's own.
        let appleVersions: [String: Int]
        /// The digests of its download manifest's bodies as stored when it was signed, by name, if it was
        /// with this server's settings.
        let documents: [String: String]?

        /// What its download manifest is made of: equal keys, equal documents.
        var documentsKey: String? {
            guard let documents else { return nil }
            let overrides = appleVersions.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            return ([base] + documents.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } + overrides)
                .joined(separator: " ")
        }
    }

    /// The shape of `view` (nil: production's for clients that name no build) of the release `snapshot` holds.
    private func viewShape(_ view: (channel: ChannelName, segment: ViewSegment)?, of snapshot: ReleaseSnapshot) throws
        -> ViewShape
    {
        guard let (channel, segment) = view else {
            let plain = try store.views(of: .production).segment(for: nil)
            return ViewShape(
                base: baseURL, appleVersions: [:],
                documents: try plain.flatMap { segment in
                    segment.release == snapshot.release
                        ? try store.viewDocumentDigests(channel: .production, segment: segment, profile: profile) : nil
                })
        }
        let packs = snapshot.sortedPacks
        var appleVersions: [String: Int] = [:]
        if let versions = try store.viewAppleVersions(channel: channel, segment: segment, packCount: packs.count) {
            for (pack, version) in zip(packs, versions) where pack.appleVersion != version {
                appleVersions[pack.id] = version
            }
        }
        return ViewShape(
            base: ManifestSigner.base(issuer: baseURL, style: style, channel: channel, segment: segment),
            appleVersions: appleVersions,
            documents: try store.viewDocumentDigests(channel: channel, segment: segment, profile: profile))
    }

    private var profile: String { DownloadManifestVariants.profile(baseURL: baseURL, style: style) }

    /// The view of `channel` for `segment`.
    private func view(
        _ segment: ViewSegment, of channel: ChannelName, manifest: ViewManifest?, loaded: inout Loaded
    ) throws -> PublishedRelease? {
        guard let release = loaded.releases[segment.release] else {
            return try self.release(segment.release, as: (channel, segment, manifest), loaded: &loaded)
        }
        let shape = try viewShape((channel, segment), of: release.snapshot)
        let documents = try downloadManifests(shape, of: release.snapshot, loaded: &loaded)
        return release.view(
            baseURL: shape.base, appleVersions: shape.appleVersions, downloadManifests: documents, manifest: manifest)
    }

    /// The download manifests of a view of `snapshot`'s release: the stored bodies (read once per poll for
    /// every view that names the same), else encoded from the release's packs with the view's Apple versions.
    private func downloadManifests(_ shape: ViewShape, of snapshot: ReleaseSnapshot, loaded: inout Loaded) throws
        -> DownloadManifestVariants
    {
        if let key = shape.documentsKey, let known = loaded.downloadManifests[key] { return known }
        var stored: [String: [UInt8]]?
        if let digests = shape.documents {
            stored = [:]
            for (name, digest) in digests { stored?[name] = try store.documentBody(digest: digest) }
        }
        let (variants, encoded) = DownloadManifestVariants.view(
            stored: stored, packs: { snapshot.sortedPacks.map(\.entry) }, release: snapshot.release,
            createdAt: snapshot.createdAt, baseURL: shape.base, style: style, appleVersions: shape.appleVersions)
        if encoded {
            logger.notice("""
                release \(snapshot.release) has no download manifest stored for \(profile) (published before they were \
                kept, or with other settings): encoding it here
                """)
        } else if let key = shape.documentsKey {
            loaded.downloadManifests[key] = variants
        }
        return variants
    }
}
