import PackStore

/// What the publisher does with a pointer (`current.json`, or a channel's) once every object it names is in
/// the bucket (docs/object-storage.md "Publishing order"). Pure: the bucket's pointer and the index's signing
/// in, a decision out.
enum PointerSchedule {
    enum Decision: Equatable, Sendable {
        /// Write a pointer live from this instant.
        case write(notBefore: Int64)
        /// The bucket already names this manifest version.
        case upToDate
        /// The bucket names this version number with other bytes: another index publishes here.
        case otherManifest(version: Int, release: Int)
        /// The bucket names a newer version than this index holds (another index publishes here, or this one
        /// was restored from an old backup): a pointer is never moved backwards.
        case bucketAhead(version: Int, release: Int)
    }

    /// What a decision needs of a pointer: its version, the releases it names, what names its signed bytes
    /// (payload digests), and its go-live instant.
    struct Signing: Equatable, Sendable {
        var version: Int
        var releases: Set<Int>
        var etags: [String]
        var notBefore: Int64
        /// A live rollout's `BucketChannelRollout.stage`, nil without one.
        var rolloutStage: String? = nil
    }

    /// - Parameters:
    ///   - current: the bucket's pointer, nil when there is none.
    ///   - signing: what the index publishes (its `notBefore`: the manifest's own go-live instant).
    ///   - prepareSeconds: how long replicas get to copy a new release's blobs before it goes live.
    static func decide(current: Signing?, signing: Signing, now: Int64, prepareSeconds: Int64) -> Decision {
        guard let current else { return .write(notBefore: now + prepareSeconds) }
        let release = current.releases.min() ?? 0
        if current.version > signing.version { return .bucketAhead(version: current.version, release: release) }
        if current.version == signing.version {
            return current.etags == signing.etags ? .upToDate : .otherManifest(version: current.version, release: release)
        }
        guard signing.releases.isSubset(of: current.releases), signing.rolloutStage == current.rolloutStage else {
            // A release new to the pointer, or a rollout's step (other cohorts reading other content): every
            // replica goes live with it at the same instant, after copying, so no device that moves between
            // replicas reads a lower version after a higher one.
            return .write(notBefore: now + prepareSeconds)
        }
        // A renewal: live when the manifest itself says, but never before the pointer it replaces, which may
        // still be waiting for its replicas to copy the release.
        return .write(notBefore: max(signing.notBefore, current.notBefore))
    }

    /// The root pointer's decision (production's view for clients that name no build).
    static func decide(
        current: BucketPointer?, manifest: StoredManifest, etag: String, now: Int64, prepareSeconds: Int64
    ) -> Decision {
        decide(
            current: current.map { Signing(version: $0.version, releases: [$0.release], etags: [$0.etag], notBefore: $0.notBefore) },
            signing: Signing(version: manifest.version, releases: [manifest.release], etags: [etag], notBefore: manifest.notBefore),
            now: now, prepareSeconds: prepareSeconds)
    }
}
