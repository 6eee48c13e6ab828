import BlockingWork
import Logging
import PackStore
import Synchronization

/// Copies an on-demand blob into the cache when a request asks for one not yet local, off the event loop:
/// the request waits on a `DeferredResponse`, and every request for the same blob meanwhile waits on the
/// same copy (one fetch from the bucket, however many clients ask at once).
public final class BlobReadThrough: Sendable {
    let cache: BlobCache
    let bucket: any ObjectBucket
    let layout: BucketLayout
    let logger: Logger
    let metrics: ReplicaMetrics
    /// Digest → what waits for its copy.
    private let waiting = Mutex<[String: [@Sendable (Bool) -> Void]]>([:])
    /// At most eight copies at once; requests for further blobs wait their turn (not a thread each).
    private let workers = BlockingPool(name: "read-through", maxThreads: 8)

    init(cache: BlobCache, bucket: any ObjectBucket, layout: BucketLayout, logger: Logger, metrics: ReplicaMetrics) {
        self.cache = cache
        self.bucket = bucket
        self.layout = layout
        self.logger = logger
        self.metrics = metrics
    }

    /// How many requests wait for blob `sha256`'s copy now (0: none is under way).
    public func waiters(of sha256: String) -> Int {
        waiting.withLock { $0[sha256]?.count ?? 0 }
    }

    /// Calls `then(true)` once blob `sha256` is in the cache, or `then(false)` when it could not be copied;
    /// from a thread of its own.
    func fetch(_ sha256: String, size: Int64, then: @escaping @Sendable (Bool) -> Void) {
        let first = waiting.withLock { waiting -> Bool in
            let first = waiting[sha256] == nil
            waiting[sha256, default: []].append(then)
            return first
        }
        guard first else { return }
        workers.run { [self] in
            var copied = false
            do {
                try cache.insert(sha256, size: size) { write in try bucket.read(layout.blob(sha256), into: write) }
                metrics.copied(bytes: size)
                copied = true
            } catch let error as BucketError where error.isTransient {
                metrics.copyFailed()
                logger.warning("cannot read blob \(sha256) through from the bucket yet (answered 503, the next request tries again): \(error)")
            } catch {
                // The store refused it, the bytes were not the blob's, or this machine's disk failed: an operator's.
                metrics.copyFailed()
                logger.error("cannot read blob \(sha256) through from the bucket: \(error)", metadata: ["kind": "\((error as? BucketError)?.kind.rawValue ?? "other")"])
            }
            for waiter in waiting.withLock({ $0.removeValue(forKey: sha256) ?? [] }) { waiter(copied) }
        }
    }
}
