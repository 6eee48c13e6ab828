extension BucketRelease {
    /// Every key a pointer to this release at manifest `version` names: the record, the download manifests,
    /// the tag documents, the three forms of the manifest and every blob. The publisher writes them all before
    /// the pointer; a reader (a replica, the tests' reader loops) can check that each one is there.
    public func keys(version: Int, layout: BucketLayout) -> [String] {
        var keys = [layout.releaseRecord(release)]
        keys += documents.map { layout.downloadManifest(release, name: $0) }
        keys += Set(packs.flatMap(\.tags)).sorted().map { layout.tagDocument(release, tag: $0) }
        keys += [
            layout.manifestJWS(release, version: version), layout.manifestPayload(release, version: version),
            layout.manifestSignature(release, version: version),
        ]
        keys += allBlobs.keys.sorted().map(layout.blob)
        return keys
    }
}
