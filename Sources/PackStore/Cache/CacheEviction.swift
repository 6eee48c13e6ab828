/// Which blobs a bounded cache gives up to admit new bytes: least recently used first, never a pinned one.
/// Pure, so the order and the bound are tested without files.
public enum CacheEviction {
    /// The digests to remove, in eviction order, so that `heldBytes + incomingBytes <= maxBytes`; nil when even
    /// removing every unpinned blob would not make room (the caller refuses the incoming bytes).
    public static func victims(
        of blobs: some Collection<CachedBlob>, heldBytes: Int64, incomingBytes: Int64, maxBytes: Int64,
        pinned: Set<String>
    ) -> [String]? {
        var excess = heldBytes + incomingBytes - maxBytes
        guard excess > 0 else { return [] }
        var victims: [String] = []
        for blob in blobs.sorted(by: { $0.lastUse < $1.lastUse }) where !pinned.contains(blob.sha256) {
            victims.append(blob.sha256)
            excess -= blob.size
            if excess <= 0 { return victims }
        }
        return nil
    }
}
