import Foundation
import Manifest
import PackStore
import ReleaseViews

/// Brings a bucket up to the index: the latest release with its newest manifest version (the root pointer,
/// production's view for clients that name no build), every channel's newest signing with all of its views
/// (docs/channels.md "Buckets"), the build map, and the current `download` tokens (docs/object-storage.md
/// "Publishing order"). Idempotent and self-healing: whatever is
/// already there is skipped, so it runs after every publish, rollback and renewal, and at `serve` start-up,
/// and a publisher killed between its index commit and the pointer is completed by the next run.
public struct BucketSync: Sendable {
    let store: PackStore
    let bucket: any ObjectBucket
    let settings: BucketDocumentSettings
    let prepareSeconds: Int64
    let now: @Sendable () -> Int64

    public init(
        store: PackStore, bucket: any ObjectBucket, configuration: PackServeConfiguration,
        now: @escaping @Sendable () -> Int64 = ApplicationClock.system.now
    ) {
        self.store = store
        self.bucket = bucket
        settings = BucketDocumentSettings(configuration)
        prepareSeconds = Int64(configuration.replica.prepareSeconds)
        self.now = now
    }

    /// One pass, holding the bucket lock; nil when nothing has been signed yet.
    public func sync(progress: @escaping (BucketPublishProgress) -> Void = { _ in }) throws -> BucketPublishReport? {
        try store.withBucketLock {
            guard let manifest = try store.latestManifest() else { return nil }
            let objects = try ReleaseObjects.load(
                from: store, release: manifest.release, manifest: manifest, settings: settings)
            let tokens = BucketDownloadTokens(digests: try store.tokenDigests(withScope: .download))
            var publisher = BucketPublisher(bucket: bucket, prepareSeconds: prepareSeconds, now: now, progress: progress)
            // The index backup goes up last before the pointer (docs/deploying.md "Losing the publisher").
            publisher.beforePointer = { [store, bucket, settings] in
                try store.backUpIndex(to: bucket, layout: settings.layout)
            }
            let report = try publisher.publish(objects, tokens: tokens)
            let channels = try store.channels()
            // A removed channel's pointer goes first (replicas stop serving it; its documents stay for `gc`).
            let names = Set(channels.map(\.name))
            let listed = try bucket.get(settings.layout.buildMap).flatMap {
                try? BucketBuildMap(json: $0, key: settings.layout.buildMap)
            }
            for name in listed?.channels ?? [] where !names.contains(name) {
                try bucket.delete(settings.layout.channelPointer(name))
            }
            var published: [String] = []
            let history = try store.releases()
            for summary in channels {
                guard let channelObjects = try ChannelObjects.load(
                    from: store, channel: summary, history: history, settings: settings)
                else { continue }
                _ = try publisher.publishChannel(channelObjects)
                published.append(summary.name)
            }
            // After every pointer it names.
            _ = try publisher.publishBuildMap(
                BucketBuildMap(try store.buildMap(), channels: published), layout: settings.layout)
            return report
        }
    }
}
