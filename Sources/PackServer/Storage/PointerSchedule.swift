import PackStore

/// What the publisher does with `current.json` once every object of a release and manifest version is in the
/// bucket (docs/object-storage.md "Publishing order"). Pure: the bucket's pointer and the index's manifest in,
/// a decision out.
enum PointerSchedule {
    enum Decision: Equatable, Sendable {
        /// Write a pointer live from this instant.
        case write(notBefore: Int64)
        /// The bucket already names this manifest version.
        case upToDate
        /// The bucket names this version number with other bytes: another index publishes here.
        case otherManifest(BucketPointer)
        /// The bucket names a newer version than this index holds (another index publishes here, or this one
        /// was restored from an old backup): a pointer is never moved backwards.
        case bucketAhead(BucketPointer)
    }

    /// - Parameters:
    ///   - current: the bucket's pointer, nil when there is none.
    ///   - manifest: the manifest version to publish, and `etag`, its payload's SHA-256.
    ///   - prepareSeconds: how long replicas get to copy a new release's blobs before it goes live.
    static func decide(
        current: BucketPointer?, manifest: StoredManifest, etag: String, now: Int64, prepareSeconds: Int64
    ) -> Decision {
        guard let current else { return .write(notBefore: now + prepareSeconds) }
        if current.version > manifest.version { return .bucketAhead(current) }
        if current.version == manifest.version { return current.etag == etag ? .upToDate : .otherManifest(current) }
        guard current.release == manifest.release else {
            // A new release for the bucket: every replica goes live with it at the same instant, after copying.
            return .write(notBefore: now + prepareSeconds)
        }
        // A renewal: live when the manifest itself says, but never before the pointer it replaces, which may
        // still be waiting for its replicas to copy the release.
        return .write(notBefore: max(manifest.notBefore, current.notBefore))
    }
}
