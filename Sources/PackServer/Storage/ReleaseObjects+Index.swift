import Manifest
import PackStore

extension ReleaseObjects {
    /// Release `number` as the index holds it, with `manifest` (one of its signings) and the download
    /// manifests for `baseURL` and `style`: as stored at publish when they were made with those settings,
    /// else encoded here (an index from before they were kept, or `export --base-url`).
    static func load(
        from store: PackStore, release number: Int, manifest: StoredManifest, settings: BucketDocumentSettings
    ) throws -> ReleaseObjects {
        let (layout, baseURL, style) = (settings.layout, settings.baseURL, settings.style)
        guard let (release, entries, otherBlobSizes, privateDigests) = try store.loadReleaseEntries(release: number) else {
            throw PackStoreError.unknownRelease(number)
        }
        let profile = DownloadManifestVariants.profile(baseURL: baseURL, style: style)
        let bodies = try store.plainViewDocuments(release: number, profile: profile)
            ?? DownloadManifestVariants.encode(packs: entries, release: number, baseURL: baseURL, style: style)
        let snapshot = store.snapshot(of: release, entries: [], otherBlobSizes: [:])
        return try ReleaseObjects(
            layout: layout, release: release, entries: entries, otherBlobSizes: otherBlobSizes,
            privateDigests: privateDigests, history: try store.releases(), manifest: manifest, bodies: bodies,
            baseURL: baseURL, style: style, blobPath: { snapshot.blobPath(forSHA256: $0) ?? "" })
    }
}
