extension BucketRelease {
    /// The release as the request path serves it, with its blobs under `blobDirectory` (a replica's
    /// `BlobCache.directory`: `{blobDirectory}/{hh}/{hex}`, as `ReleaseSnapshot.blobPath` maps digests).
    public func snapshot(blobDirectory: String) -> ReleaseSnapshot {
        let packs = packs.map { entry in
            ReleaseSnapshot.Pack(
                id: entry.id, version: entry.version, blobPath: "\(blobDirectory)/\(entry.sha256.prefix(2))/\(entry.sha256)",
                size: entry.size, sha256: entry.sha256, contentType: entry.contentType, tags: entry.tags,
                policy: entry.policy, order: entry.order, platforms: entry.platforms,
                installationEvents: entry.installationEvents, access: entry.access, appleVersion: entry.appleVersion)
        }
        return ReleaseSnapshot(
            release: release, createdAt: createdAt, note: note, packs: packs, blobDirectory: blobDirectory,
            otherBlobSizes: otherBlobs, privateDigests: Set(privateDigests))
    }
}
