import ReleaseViews

/// Signs a channel's views and encodes their documents, inside the transaction that changes the channel: a
/// channel is never seen changed and unsigned. PackStore plans which release each view answers and with
/// which Apple versions; what the bytes are (JSON, Ed25519, JWS, the download manifest) is the sealer's
/// business.
public protocol ChannelSealer {
    /// Signs every view of `request` at `request.version` and encodes its documents. Throwing rolls the whole
    /// change back.
    func seal(_ request: ChannelSealRequest) throws -> ChannelSeal
}

/// What one change of a channel signs: every view, in build order.
public struct ChannelSealRequest: Sendable {
    public var channel: ChannelName
    public var version: Int
    public var views: [SealedView]
}

/// One view: a run of builds, the release it answers (with the range that release states), and its packs
/// sorted by id with this view's Apple versions.
public struct SealedView: Sendable {
    public var segment: ViewSegment
    public var release: ReleaseSummary
    public var builds: BuildRange
    public var packs: [PackEntry]
    /// Documents already in the index for a view of this release with these Apple versions: a sealer whose
    /// profile and source match one answers `ReleaseDocuments(reusing:)` instead of encoding.
    public var storedDocuments: [StoredDocuments]
    /// A view of a rollout's candidate for its admitted cohorts: signed like any view, but with no download
    /// manifest (docs/rollouts.md "Cohorts").
    public var isCohortView = false

    /// Its key in the sealer's answer and in the index: the segment, or `cohorts/` and the segment.
    public var name: String { isCohortView ? segment.cohortViewName : segment.description }

    public init(
        segment: ViewSegment, release: ReleaseSummary, builds: BuildRange, packs: [PackEntry],
        storedDocuments: [StoredDocuments] = []
    ) {
        self.segment = segment
        self.release = release
        self.builds = builds
        self.packs = packs
        self.storedDocuments = storedDocuments
    }
}

/// A sealer's answer; both dictionaries are keyed by the view's name (`SealedView.name`).
public struct ChannelSeal: Sendable {
    /// Seconds since 1970.
    public var issuedAt: Int64
    public var expiresAt: Int64
    public var manifests: [String: ManifestSignature]
    public var documents: [String: ReleaseDocuments]

    public init(
        issuedAt: Int64, expiresAt: Int64, manifests: [String: ManifestSignature], documents: [String: ReleaseDocuments]
    ) {
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
        self.manifests = manifests
        self.documents = documents
    }
}
