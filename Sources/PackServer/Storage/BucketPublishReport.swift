import PackStore

/// What one publish into a bucket did.
public struct BucketPublishReport: Sendable, Equatable {
    public var release: Int
    public var version: Int
    public var blobsSent = 0
    public var blobsPresent = 0
    public var bytesSent: Int64 = 0
    public var documentsSent = 0
    /// Whether `access/download-tokens.json` was replaced (the set of `download` tokens changed).
    public var tokensSent = false
    /// The pointer written, or nil when the bucket already named this version.
    public var pointer: BucketPointer?

    /// True when the bucket already held everything: nothing was sent.
    public var sentNothing: Bool { blobsSent == 0 && documentsSent == 0 && !tokensSent && pointer == nil }

    public var summary: String {
        var text = "bucket: release \(release) manifest version \(version): \(blobsSent) blobs sent (\(bytesSent) bytes), "
            + "\(blobsPresent) already there, \(documentsSent) documents"
        if tokensSent { text += ", download tokens" }
        text += pointer.map { ", current.json live from \($0.notBefore)" } ?? ", current.json already names it"
        return text
    }
}
