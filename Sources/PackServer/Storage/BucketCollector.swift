import Foundation
import PackStore

/// `gc` for the bucket, after the index's own: removes release directories and blobs no release still needs,
/// and channels' signings older than their pointers. What stays: every release the index retains, the
/// releases the live pointers name (the root one and every channel's), every release published (by its
/// record's `createdAt`) within `storage.retainSeconds` — a replica may still be serving one — and anything
/// newer than the index's latest; every blob any of those releases' records lists; and each channel's
/// pointer with the signing it names.
public struct BucketCollector {
    let store: PackStore
    let bucket: any ObjectBucket
    let layout: BucketLayout
    let retainSeconds: Int64
    let now: () -> Int64

    public init(
        store: PackStore, bucket: any ObjectBucket, configuration: PackServeConfiguration,
        now: @escaping () -> Int64 = ApplicationClock.system.now
    ) {
        self.store = store
        self.bucket = bucket
        layout = BucketLayout(prefix: configuration.storage.prefix)
        retainSeconds = Int64(configuration.storage.retainSeconds)
        self.now = now
    }

    /// Removes what no kept release needs; the keys removed.
    public func run() throws -> BucketGCPlan.Deletions {
        try store.withBucketLock {
            let objects = try bucket.list(prefix: layout.prefix)
            let history = try store.releases()
            let latestInIndex = history.last?.number ?? 0
            var keepReleases = Set(history.filter { !$0.isPruned }.map(\.number))
            let pointer = try bucket.get(layout.pointer).flatMap { try? BucketPointer(json: $0) }
            if let pointer { keepReleases.insert(pointer.release) }
            var channelPointers: [String: Int] = [:]
            for object in objects {
                guard let channel = layout.channel(ofPointerKey: object.key),
                    let read = try bucket.get(object.key).flatMap({ try? BucketChannelPointer(json: $0, key: object.key) })
                else { continue }
                channelPointers[channel] = read.version
                keepReleases.formUnion(read.releases)
            }
            var keepBlobs: Set<String> = []
            let inBucket = Set(objects.compactMap { layout.release(ofKey: $0.key) })
            let horizon = Date(timeIntervalSince1970: TimeInterval(now() - retainSeconds))
            for release in inBucket.sorted() {
                let record = try bucket.get(layout.releaseRecord(release)).flatMap { try? BucketRelease(json: $0) }
                if release > latestInIndex { keepReleases.insert(release) }
                if let record, retainSeconds > 0, record.createdAt >= horizon { keepReleases.insert(release) }
                if keepReleases.contains(release), let record { keepBlobs.formUnion(record.allBlobs.keys) }
            }
            // The index's own view too, for a retained release whose record is not (yet) in the bucket.
            if let (_, entries, others, _) = try store.loadReleaseEntries() {
                keepBlobs.formUnion(entries.map(\.sha256))
                keepBlobs.formUnion(others.keys)
            }
            let doomed = BucketGCPlan.deletions(
                objects: objects, layout: layout, keepReleases: keepReleases, keepBlobs: keepBlobs,
                channelPointers: channelPointers)
            for key in doomed.keys { try bucket.delete(key) }
            return doomed
        }
    }
}
