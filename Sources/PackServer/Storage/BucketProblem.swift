/// One thing `fsck --storage` found wrong in the bucket.
public enum BucketProblem: Sendable, Equatable, CustomStringConvertible {
    case missingPointer
    case unreadablePointer(String)
    /// The pointer names another manifest version than the index's newest.
    case stalePointer(release: Int, version: Int, indexRelease: Int, indexVersion: Int)
    /// The pointer's `etag` is not the SHA-256 of the `manifest.json` it names.
    case pointerETag(key: String)
    case missingObject(key: String)
    /// A document whose bytes differ from the index's (only for bytes that cannot change: the manifests).
    case differentDocument(key: String)
    case blobSize(key: String, expected: Int64, found: Int64)
    /// Same name, other bytes: the object's SHA-256 is not the one its key names.
    case corruptBlob(key: String, found: String)
    /// A channel's pointer is missing, unreadable, or names another version than the index's.
    case channelPointer(channel: String, problem: String)

    public var description: String {
        switch self {
        case .missingPointer: "current.json: missing"
        case .unreadablePointer(let reason): "current.json: not a pointer: \(reason)"
        case .stalePointer(let release, let version, let indexRelease, let indexVersion):
            "current.json: names release \(release) manifest version \(version); the index's newest is release "
                + "\(indexRelease) version \(indexVersion) (packserve renew completes it)"
        case .pointerETag(let key): "current.json: etag is not the SHA-256 of \(key)"
        case .missingObject(let key): "\(key): missing"
        case .differentDocument(let key): "\(key): differs from the index"
        case .blobSize(let key, let expected, let found): "\(key): \(found) bytes, the index says \(expected)"
        case .corruptBlob(let key, let found): "\(key): corrupt (its bytes hash to \(found))"
        case .channelPointer(let channel, let problem): "channels/\(channel)/current.json: \(problem)"
        }
    }
}
