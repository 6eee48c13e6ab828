/// The outcome of reading one object of an `ObjectBucket`.
public enum BucketRead: Sendable, Equatable {
    /// The object's bytes and its ETag (opaque: compare it, send it back as `ifNoneMatch`).
    case object([UInt8], etag: String)
    /// Its ETag still matches the one the reader sent (RFC 9110 §13.1.2).
    case notModified
    case missing
}
