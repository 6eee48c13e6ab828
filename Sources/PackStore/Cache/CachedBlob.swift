/// One blob held by a `BlobCache`: its digest, its size and when it was last used (a sequence number that
/// only grows, so recency is an order, not a wall-clock reading that can jump).
public struct CachedBlob: Sendable, Hashable {
    public let sha256: String
    public let size: Int64
    public var lastUse: UInt64

    public init(sha256: String, size: Int64, lastUse: UInt64) {
        self.sha256 = sha256
        self.size = size
        self.lastUse = lastUse
    }
}
