import PackStore

/// Which bucket objects `gc` removes (docs/object-storage.md "gc"). Pure: the listing and what must stay in,
/// the keys to delete out. Channels' earlier signings go first, then release directories, then blobs, so
/// nothing still named ever names what is already gone.
public enum BucketGCPlan {
    public struct Deletions: Sendable, Equatable {
        public var channelKeys: [String] = []
        public var releaseKeys: [String] = []
        public var blobKeys: [String] = []

        /// In deleting order.
        public var keys: [String] { channelKeys + releaseKeys + blobKeys }
    }

    /// - Parameters:
    ///   - objects: the bucket's objects under the layout's prefix.
    ///   - keepReleases: releases whose directories stay (retained by the index, named by the live pointer,
    ///     published within `storage.retainSeconds`, or newer than the index knows).
    ///   - keepBlobs: digests that stay (every blob a kept release's record lists).
    ///   - channelPointers: each channel's pointer version in the bucket: its signings below that version go
    ///     (a replica reads a signing's documents once, when it takes the pointer up), as do all of a channel
    ///     without a pointer (removed).
    static func deletions(
        objects: [BucketObject], layout: BucketLayout, keepReleases: Set<Int>, keepBlobs: Set<String>,
        channelPointers: [String: Int] = [:]
    ) -> Deletions {
        var deletions = Deletions()
        for object in objects {
            if let (channel, version) = layout.channelVersion(ofKey: object.key) {
                if channelPointers[channel].map({ version < $0 }) ?? true { deletions.channelKeys.append(object.key) }
            } else if let release = layout.release(ofKey: object.key) {
                if !keepReleases.contains(release) { deletions.releaseKeys.append(object.key) }
            } else if let digest = layout.sha256(ofBlobKey: object.key) {
                if !keepBlobs.contains(digest) { deletions.blobKeys.append(object.key) }
            }
        }
        return deletions
    }
}
