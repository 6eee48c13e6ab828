/// One object of a bucket listing.
public struct BucketObject: Sendable, Hashable {
    public let key: String
    public let size: Int64

    public init(key: String, size: Int64) {
        self.key = key
        self.size = size
    }
}
