/// Why a blob could not be added to a `BlobCache`. Each is retried on a later attempt: nothing was kept.
public enum BlobCacheError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The source has no such object.
    case missing(sha256: String)
    /// The bytes copied are not the blob they claim to be (torn, damaged or replaced on the way).
    case damaged(sha256: String, actualSHA256: String, actualSize: Int64, expectedSize: Int64)
    /// Room for it cannot be made without evicting pinned blobs.
    case full(sha256: String, size: Int64, maxBytes: Int64)

    public var description: String {
        switch self {
        case .missing(let sha256): "blob \(sha256) is not in the bucket"
        case .damaged(let sha256, let actual, let actualSize, let expectedSize):
            "blob \(sha256) arrived as \(actualSize) bytes hashing to \(actual) (expected \(expectedSize) bytes): not kept"
        case .full(let sha256, let size, let maxBytes):
            "blob \(sha256) (\(size) bytes) does not fit in the cache's \(maxBytes) bytes beside the blobs in use"
        }
    }
}
