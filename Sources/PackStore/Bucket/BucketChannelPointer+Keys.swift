extension BucketChannelPointer {
    /// Every key this pointer names directly: each view's documents and the records of the releases they
    /// answer. The records name the blobs (`BucketRelease.keys`); a reader checks those through them.
    public func keys(layout: BucketLayout) -> [String] {
        var keys = Set(views.map(\.release)).sorted().map(layout.releaseRecord)
        for view in views {
            keys += view.documents.map { layout.viewDownloadManifest(channel, version: version, segment: view.segment, name: $0) }
            keys += [
                layout.viewManifestJWS(channel, version: version, segment: view.segment),
                layout.viewManifestPayload(channel, version: version, segment: view.segment),
                layout.viewManifestSignature(channel, version: version, segment: view.segment),
            ]
        }
        return keys
    }
}
