import ReleaseViews

/// A channel's live rollout as its bucket pointer carries it (docs/rollouts.md "Replicas"): which release the
/// admitted cohorts read, which cohorts those are, and — while it runs — the candidate's views they read,
/// signed at the pointer's version under `channels/{c}/versions/{v}/cohorts/{segment}/`. A replica takes a
/// step (a raise, a halt, a resume) up with the rest of the pointer, at its `notBefore`.
public struct BucketChannelRollout: Sendable, Hashable, Codable {
    /// The candidate release.
    public var release: Int
    /// The channel's release when it started (the control).
    public var previousRelease: Int
    /// `RolloutPercent.tenths`.
    public var percentTenths: Int
    /// `RolloutCohorts.offset`.
    public var offset: Int
    /// `running` or `halted` (`RolloutState`): a finished or cancelled rollout is no longer in the pointer.
    public var state: String
    /// The candidate's views while running, in build order (`segment` without the `cohorts/` prefix, no
    /// download manifests: a cohort view serves none); empty while halted.
    public var views: [BucketChannelPointer.View]

    public init(release: Int, previousRelease: Int, percentTenths: Int, offset: Int, state: String, views: [BucketChannelPointer.View]) {
        self.release = release
        self.previousRelease = previousRelease
        self.percentTenths = percentTenths
        self.offset = offset
        self.state = state
        self.views = views
    }

    /// The cohorts it admits, nil when its numbers are out of range.
    public var cohorts: RolloutCohorts? {
        guard let percent = RolloutPercent(tenths: percentTenths), (0..<RolloutCohorts.count).contains(offset) else { return nil }
        return RolloutCohorts(offset: offset, percent: percent)
    }

    /// The candidate's runs of builds, nil when a segment does not parse.
    public var channelViews: ChannelViews? { BucketChannelPointer.channelViews(of: views) }

    /// The name `view` is signed and stored under (`ViewSegment.cohortViewName`: `cohorts/{segment}`).
    public static func viewName(of view: BucketChannelPointer.View) -> String { ViewSegment.cohortViewPrefix + view.segment }

    /// What a step changes, whatever the signing: two pointers with different stages admit different cohorts
    /// to different content, so replicas must switch between them at one instant.
    public var stage: String { "\(release) \(state) \(percentTenths) \(offset)" }

    /// The first value that cannot be trusted, or nil.
    var problem: String? {
        guard release >= 1, previousRelease >= 0, release > previousRelease else {
            return "rollout of release \(release) after \(previousRelease) cannot be served"
        }
        guard cohorts != nil else { return "rollout at \(percentTenths) tenths of a percent from offset \(offset) is out of range" }
        switch RolloutState(rawValue: state) {
        case .running: if views.isEmpty { return "a running rollout names no view" }
        case .halted: if !views.isEmpty { return "a halted rollout names views" }
        default: return "rollout state \"\(state.prefix(40))\" is not running or halted"
        }
        guard let parsed = channelViews else { return "a rollout view names no run of builds" }
        if !BucketChannelPointer.inBuildOrder(parsed) { return "the rollout's views overlap or are out of order" }
        for view in views {
            if view.release != release { return "a rollout view answers release \(view.release), not \(release)" }
            if !StoredValueRules.isSHA256Hex(view.etag) { return "etag \"\(view.etag.prefix(80))\" is not 64 hex digits" }
            if !view.documents.isEmpty || !view.appleVersions.isEmpty { return "a rollout view names download manifests" }
        }
        return nil
    }
}
