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

    /// What a poll has loaded so far: releases by number, and the index's release history.
    struct Loaded {
        var releases: [Int: PublishedRelease]
        var history: [ReleaseSummary]?
    }

    /// `summary`'s channel with every view, or nil when it has no view yet (a channel of an empty index).
    /// - Parameter loaded: releases already in memory (the catalog being served, and this poll's loads).
    func channel(_ summary: ChannelSummary, loaded: inout Loaded) throws -> ServedChannel? {
        guard let name = ChannelName(summary.name) else { return nil }
        let views = try store.views(of: name)
        guard !views.segments.isEmpty else { return nil }
        let manifests = try store.latestManifests(of: name)
        var releases: [PublishedRelease] = []
        for segment in views.segments {
            guard let release = try view(segment, of: name, manifest: manifests[segment.description], loaded: &loaded)
            else { return nil }
            releases.append(release)
        }
        let notBefore = manifests.values.map(\.notBefore).max() ?? 0
        return ServedChannel(
            name: name, version: summary.version, requireCredentials: summary.requireCredentials, views: views,
            releases: releases, notBefore: notBefore)
    }

    /// Release `number` as its first view in this poll needs it (nil: as production's view for clients that
    /// name no build), or nil when the index no longer lists it. Later views of the same release share it.
    func release(
        _ number: Int, as view: (channel: ChannelName, segment: ViewSegment, manifest: StoredManifest?)? = nil,
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
        var published = try PublishedRelease(
            snapshot: snapshot, history: loaded.history ?? [], baseURL: shape.base, style: style,
            appleVersions: shape.appleVersions,
            downloadManifests: downloadManifests(
                stored: shape.documents, entries: { shape.entries(snapshot) }, number: number,
                createdAt: release.createdAt, baseURL: shape.base, appleVersions: shape.appleVersions))
        published.serve(view?.manifest)
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
        /// Its download manifest as stored when it was signed, if it was with this server's settings.
        let documents: [String: [UInt8]]?

        /// The release's packs with this view's Apple versions, to encode a download manifest from.
        func entries(_ snapshot: ReleaseSnapshot) -> [PackEntry] {
            snapshot.sortedPacks.map { pack in
                var entry = pack.entry
                entry.appleVersion = appleVersions[pack.id] ?? entry.appleVersion
                return entry
            }
        }
    }

    /// The shape of `view` (nil: production's for clients that name no build) of the release `snapshot` holds.
    private func viewShape(_ view: (channel: ChannelName, segment: ViewSegment)?, of snapshot: ReleaseSnapshot) throws
        -> ViewShape
    {
        guard let (channel, segment) = view else {
            return ViewShape(
                base: baseURL, appleVersions: [:],
                documents: try store.plainViewDocuments(release: snapshot.release, profile: profile))
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
            documents: try store.viewDocuments(channel: channel, segment: segment, profile: profile))
    }

    private var profile: String { DownloadManifestVariants.profile(baseURL: baseURL, style: style) }

    /// The view of `channel` for `segment`.
    private func view(
        _ segment: ViewSegment, of channel: ChannelName, manifest: StoredManifest?, loaded: inout Loaded
    ) throws -> PublishedRelease? {
        guard let release = loaded.releases[segment.release] else {
            return try self.release(segment.release, as: (channel, segment, manifest), loaded: &loaded)
        }
        let shape = try viewShape((channel, segment), of: release.snapshot)
        let documents = downloadManifests(
            stored: shape.documents, entries: { shape.entries(release.snapshot) }, number: segment.release,
            createdAt: release.snapshot.createdAt, baseURL: shape.base, appleVersions: shape.appleVersions)
        return release.view(
            baseURL: shape.base, appleVersions: shape.appleVersions, downloadManifests: documents, manifest: manifest)
    }

    /// The download manifests from `stored` bodies, else encoded from `entries` (sorted by id, with the view's
    /// Apple versions).
    private func downloadManifests(
        stored: [String: [UInt8]]?, entries: () -> [PackEntry], number: Int, createdAt: Date, baseURL: String,
        appleVersions: [String: Int]
    ) -> DownloadManifestVariants {
        func variants(_ bodies: [String: [UInt8]]) -> DownloadManifestVariants? {
            DownloadManifestVariants(
                bodies: bodies, release: number, createdAt: createdAt, baseURL: baseURL, style: style,
                appleVersions: appleVersions)
        }
        if let stored, let documents = variants(stored) { return documents }
        logger.notice("""
            release \(number) has no download manifest stored for \(profile) (published before they were kept, or \
            with other settings): encoding it here
            """)
        return variants(DownloadManifestVariants.encode(packs: entries(), release: number, baseURL: baseURL, style: style))!
    }
}
