/// How far a publish into a bucket has got, reported after each blob sent (the CLI prints it on stderr).
public struct BucketPublishProgress: Sendable, Equatable {
    /// Blobs sent so far, of those the bucket lacked.
    public var blobsSent: Int
    public var blobsToSend: Int
    public var bytesSent: Int64
    public var bytesToSend: Int64
}
