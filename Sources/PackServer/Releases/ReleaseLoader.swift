import Foundation
import Logging
import Manifest
import Metrics
import PackStore

/// Turns a release of the index into what the request path serves (`PublishedRelease`), off the request
/// path. The download manifest comes as stored at publish; only a release published before documents were
/// kept, or with another base URL or URL style than this server's, is encoded here.
struct ReleaseLoader {
    let store: PackStore
    let baseURL: String
    let style: PackURLStyle
    let logger: Logger
    /// Records how long each load took (docs/metrics.md `packserve_release_load_duration_seconds`).
    var loadDuration = ServerDurations.discarded.releaseLoad

    /// Release `number`, serving `previous`'s manifest until its own is taken up, or nil when the index no
    /// longer lists it.
    func load(_ number: Int, keepingManifestOf previous: PublishedRelease?) throws -> PublishedRelease? {
        let started = ContinuousClock.now
        guard let (release, entries, otherBlobSizes, privateDigests) = try store.loadReleaseEntries(release: number)
        else { return nil }
        let snapshot = store.snapshot(
            of: release, entries: entries, otherBlobSizes: otherBlobSizes, privateDigests: privateDigests)
        let profile = DownloadManifestVariants.profile(baseURL: baseURL, style: style)
        var bodies = try store.plainViewDocuments(release: number, profile: profile)
        if bodies == nil {
            logger.notice("""
                release \(number) has no download manifest stored for \(profile) (published before they were kept, \
                or with other settings): encoding it here
                """)
            bodies = DownloadManifestVariants.encode(packs: entries, release: number, baseURL: baseURL, style: style)
        }
        let variants = bodies.flatMap {
            DownloadManifestVariants(
                bodies: $0, release: number, createdAt: release.createdAt, baseURL: baseURL, style: style)
        }
        var published = try PublishedRelease(
            snapshot: snapshot, history: try store.releases(), baseURL: baseURL, style: style,
            downloadManifests: variants)
        if let previous { published.keepManifest(of: previous) }
        let elapsed = ContinuousClock.now - started
        loadDuration.record(duration: elapsed)
        logger.info("release \(number) live: \(snapshot.packs.count) packs, loaded in \(elapsed.formatted(.units(allowed: [.milliseconds])))")
        return published
    }
}
