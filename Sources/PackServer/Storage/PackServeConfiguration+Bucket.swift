import PackStore

extension PackServeConfiguration {
    /// The bucket releases are published to: nil with `storage.type: local`, where nothing touches a bucket.
    public func publishingBucket() throws -> (any ObjectBucket)? {
        guard storage.type == .s3 else { return nil }
        return try S3ObjectBucket(configuration: storage)
    }
}
