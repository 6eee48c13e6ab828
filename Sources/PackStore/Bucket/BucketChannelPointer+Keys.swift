import ReleaseViews
extension BucketChannelPointer {
    /// Every key this pointer names directly: each view's documents (a running rollout's cohort views too) and
    /// the records of the releases they answer. The records name the blobs (`BucketRelease.keys`); a reader
    /// checks those through them.
    public func keys(layout: BucketLayout) -> [String] {
        var keys = releases.sorted().map(layout.releaseRecord)
        let named = views.map { ($0, $0.segment) } + (rollout?.views ?? []).map { ($0, BucketChannelRollout.viewName(of: $0)) }
        for (view, name) in named {
            keys += view.documents.map { layout.viewDownloadManifest(channel, version: version, segment: name, name: $0) }
            keys += [
                layout.viewManifestJWS(channel, version: version, segment: name),
                layout.viewManifestPayload(channel, version: version, segment: name),
                layout.viewManifestSignature(channel, version: version, segment: name),
            ]
        }
        return keys
    }
}
