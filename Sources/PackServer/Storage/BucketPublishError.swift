/// Why a publish into a bucket stopped before its pointer.
public enum BucketPublishError: Error, CustomStringConvertible, Sendable {
    /// The bucket names a newer manifest version than the one being published (in `channel`'s pointer; nil:
    /// the root `current.json`).
    case bucketAhead(bucketVersion: Int, bucketRelease: Int, version: Int, channel: String? = nil)
    /// The bucket names the same manifest version with other bytes.
    case otherManifest(version: Int, bucketRelease: Int, channel: String? = nil)
    /// `current.json` is there but is not a pointer.
    case unreadablePointer(String)
    /// `export --base-url` signs again, and there is no signing key here.
    case noSigningKey(baseURL: String)
    /// `export` of a release with private packs: a static host cannot check download tokens.
    case privatePacks(release: Int, count: Int)
    /// The local file of a blob is missing or has another size than the index records.
    case blobFile(sha256: String, path: String, expected: Int64, found: Int64?)

    public var description: String {
        switch self {
        case .bucketAhead(let bucketVersion, let bucketRelease, let version, let channel):
            "the bucket's \(Self.pointerName(channel)) names manifest version \(bucketVersion) (release \(bucketRelease)), newer "
                + "than version \(version) here: a pointer is never moved backwards (is another index publishing to this bucket?)"
        case .otherManifest(let version, let release, let channel):
            "the bucket's \(Self.pointerName(channel)) names manifest version \(version) (release \(release)) with other bytes "
                + "than this index's version \(version): is another index publishing to this bucket?"
        case .unreadablePointer(let reason): "the bucket's current.json is not a pointer: \(reason)"
        case .noSigningKey(let baseURL): "signing for \(baseURL) needs the signing key, and there is none here"
        case .privatePacks(let release, let count):
            "release \(release) serves \(count) blobs only with credentials (private packs), and a static host "
                + "cannot check download tokens: export a release without private packs"
        case .blobFile(let sha256, let path, let expected, let found):
            "blob \(sha256) should be \(expected) bytes at \(path), "
                + (found.map { "found \($0) bytes" } ?? "found no file") + " (run packserve fsck)"
        }
    }

    private static func pointerName(_ channel: String?) -> String {
        channel.map { "channels/\($0)/current.json" } ?? "current.json"
    }
}
