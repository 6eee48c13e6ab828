import Foundation
import PackServer
import PackStore

/// The bucket step of `publish`, `rollback` and `renew` with `storage.type: s3` (docs/object-storage.md
/// "Publishing order"): after the index has committed, bring the bucket up to it, with progress on stderr. A
/// failure here leaves the release in the index and exits non-zero saying so; the next `publish`, `renew`
/// or a publisher `serve` completes the bucket.
enum BucketPublishing {
    /// The configured bucket, nil with `storage.type: local`. Made before the index is written, so a bad
    /// credentials file stops a publish before it makes a release.
    static func bucket(_ context: StoreContext) throws -> (any ObjectBucket)? {
        try bucket(context.config)
    }

    /// The same, for a command that has no store open yet (`restore`).
    static func bucket(_ config: PackServeConfiguration) throws -> (any ObjectBucket)? {
        do { return try config.publishingBucket() } catch {
            throw CommandFailure("storage: \(error)")
        }
    }

    /// Does nothing without a bucket (`storage.type: local`).
    static func sync(_ context: StoreContext, to bucket: (any ObjectBucket)?) throws {
        guard let bucket else { return }
        let progress = BucketProgressLine()
        do {
            let report = try BucketSync(store: context.store, bucket: bucket, configuration: context.config)
                .sync(progress: progress.update)
            progress.finish()
            if let report { FileHandle.standardError.write(Data("\(report.summary)\n".utf8)) }
        } catch {
            progress.finish()
            throw CommandFailure(failureText("\(error)"))
        }
    }

    private static func failureText(_ reason: String) -> String {
        """
        the index holds the release, but the bucket could not be brought up to it: \(reason). Readers still see \
        the previous current.json; run packserve renew (or any publish, or start the publisher's serve) to complete it
        """
    }
}
