/// What `gc` removed.
public struct GCReport: Sendable, Hashable {
    /// Releases whose contents were dropped (they stay in the history, flagged pruned).
    public var prunedReleases: [Int]
    /// Pack-version rows dropped because neither the draft nor a retained release uses them.
    public var removedVersions: Int
    /// Blob files deleted.
    public var removedBlobs: Int
    public var freedBytes: Int64

    public init(prunedReleases: [Int], removedVersions: Int, removedBlobs: Int, freedBytes: Int64) {
        self.prunedReleases = prunedReleases
        self.removedVersions = removedVersions
        self.removedBlobs = removedBlobs
        self.freedBytes = freedBytes
    }
}
