/// One object of a listing (ListObjectsV2's `Contents`).
public struct S3ObjectSummary: Sendable, Equatable {
    public var key: String
    public var size: Int64
    public var etag: String
    public var lastModified: String

    public init(key: String, size: Int64, etag: String, lastModified: String) {
        self.key = key
        self.size = size
        self.etag = etag
        self.lastModified = lastModified
    }
}
