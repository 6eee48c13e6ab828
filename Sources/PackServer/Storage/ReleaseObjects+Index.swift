import Manifest
import PackStore
import ReleaseViews

extension ReleaseObjects {
    /// Release `number` as the index holds it, with `manifest` (one of its signings) and the download
    /// manifests for `baseURL` and `style`: as stored at publish when they were made with those settings,
    /// else encoded here (an index from before they were kept, or `export --base-url`).
    /// - Parameter channel: whose view for clients that name no build the documents are (`export --channel`).
    static func load(
        from store: PackStore, release number: Int, manifest: StoredManifest, settings: BucketDocumentSettings,
        channel: ChannelName = .production
    ) throws -> ReleaseObjects {
        let (layout, baseURL, style) = (settings.layout, settings.baseURL, settings.style)
        guard let (release, entries, otherBlobSizes, privateDigests) = try store.loadReleaseEntries(release: number) else {
            throw PackStoreError.unknownRelease(number)
        }
        let profile = DownloadManifestVariants.profile(baseURL: baseURL, style: style)
        let plain = try store.views(of: channel).segment(for: nil)
        let stored = try plain.flatMap { segment in
            segment.release == number ? try store.viewDocuments(channel: channel, segment: segment, profile: profile) : nil
        }
        let bodies = try stored ?? DownloadManifestVariants.encode(
            packs: plain.map { try store.viewEntries(channel: channel, segment: $0) } ?? entries, release: number,
            baseURL: baseURL, style: style)
        let snapshot = store.snapshot(of: release, entries: [], otherBlobSizes: [:])
        return try ReleaseObjects(
            layout: layout, release: release, entries: entries, otherBlobSizes: otherBlobSizes,
            privateDigests: privateDigests, history: try store.releases(), manifest: manifest, bodies: bodies,
            baseURL: baseURL, style: style, blobPath: { snapshot.blobPath(forSHA256: $0) ?? "" })
    }
}
