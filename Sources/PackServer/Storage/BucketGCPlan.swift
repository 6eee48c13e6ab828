import PackStore

/// Which bucket objects `gc` removes (docs/object-storage.md "gc"). Pure: the listing and what must stay in,
/// the keys to delete out. Release directories go first and blobs after, so a release record never names a
/// blob that is already gone.
public enum BucketGCPlan {
    public struct Deletions: Sendable, Equatable {
        public var releaseKeys: [String] = []
        public var blobKeys: [String] = []

        /// In deleting order.
        public var keys: [String] { releaseKeys + blobKeys }
    }

    /// - Parameters:
    ///   - objects: the bucket's objects under the layout's prefix.
    ///   - keepReleases: releases whose directories stay (retained by the index, named by the live pointer,
    ///     published within `storage.retainSeconds`, or newer than the index knows).
    ///   - keepBlobs: digests that stay (every blob a kept release's record lists).
    static func deletions(
        objects: [BucketObject], layout: BucketLayout, keepReleases: Set<Int>, keepBlobs: Set<String>
    ) -> Deletions {
        var deletions = Deletions()
        for object in objects {
            if let release = layout.release(ofKey: object.key) {
                if !keepReleases.contains(release) { deletions.releaseKeys.append(object.key) }
            } else if let digest = layout.sha256(ofBlobKey: object.key) {
                if !keepBlobs.contains(digest) { deletions.blobKeys.append(object.key) }
            }
        }
        return deletions
    }
}
