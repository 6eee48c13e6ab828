import PackServer
import PackStore

extension PackServeConfiguration {
    /// The bucket of `storage.type: s3` and its layout, or nil for `local`; a bucket that cannot be
    /// configured (no credentials, a bad CA file) fails the command with the reason.
    func publishedBucket() throws -> (bucket: S3ObjectBucket, layout: BucketLayout)? {
        guard storage.type == .s3 else { return nil }
        do {
            return (try S3ObjectBucket(configuration: storage), BucketLayout(prefix: storage.prefix))
        } catch {
            throw CommandFailure("storage: \(error.description)")
        }
    }
}
