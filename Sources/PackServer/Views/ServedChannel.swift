import ReleaseViews

/// One channel as this server serves it (docs/channels.md "Views"): its runs of builds and, for each, the view
/// of the release it answers, all signed at one manifest `version`. Replaced whole when the channel changes,
/// so a request sees one signing of a channel, never two mixed. A class: every request that names a view looks
/// its channel up, and copying a struct of arrays and sets cost a retain per field there (`perf`, the cohort
/// row of scripts/bench-rollouts).
final class ServedChannel: Sendable {
    let name: ChannelName
    /// The manifest version its views are signed at (0 before any signing).
    let version: Int
    /// A channel made with `--require-credentials`: its documents and packs answer only to download tokens.
    let requireCredentials: Bool
    let views: ChannelViews
    /// One per segment of `views`, in the same order.
    let releases: [PublishedRelease]
    /// Unix seconds from which it is served (a renewal signed ahead goes live then on every process at once).
    let notBefore: Int64
    /// A running rollout: its admitted cohorts read the candidate's views.
    let rollout: ServedRollout?
    /// The releases devices of this channel may report on (`POST /reports`): those its views serve, every
    /// retained release it pointed at, and a live rollout's candidate — halted too, since devices that
    /// installed it before the halt report after it.
    let reportableReleases: Set<Int>

    init(
        name: ChannelName, version: Int, requireCredentials: Bool, views: ChannelViews, releases: [PublishedRelease],
        notBefore: Int64, rollout: ServedRollout? = nil, reportableReleases: Set<Int> = []
    ) {
        precondition(views.segments.count == releases.count, "one served release per segment")
        self.name = name
        self.version = version
        self.requireCredentials = requireCredentials
        self.views = views
        self.releases = releases
        self.notBefore = notBefore
        self.rollout = rollout
        self.reportableReleases = reportableReleases.union(releases.map(\.snapshot.release))
            .union(rollout?.releases.map(\.snapshot.release) ?? [])
    }

    /// Every release it serves: its views' and a running rollout's candidate views.
    var servedReleases: [PublishedRelease] {
        releases + (rollout?.releases ?? [])
    }

    /// A channel of one view answering every build: what a replica reading only the bucket's root pointer serves.
    convenience init(production release: PublishedRelease) {
        self.init(
            name: .production, version: release.manifest?.version ?? 0, requireCredentials: false,
            views: ChannelViews(segments: [ViewSegment(lower: .zero, upper: nil, release: release.snapshot.release)]),
            releases: [release], notBefore: release.manifest?.notBefore ?? 0)
    }

    /// The view a build reads (nil: a client that names none) in `cohort` (nil: none named), or nil when no
    /// release of the channel admits it. An admitted cohort reads the rollout's candidate where it answers.
    func release(for build: AppBuild?, cohort: Int? = nil) -> PublishedRelease? {
        if let cohort, let rollout, let candidate = rollout.release(for: build, cohort: cohort) { return candidate }
        return views.index(containing: build?.point ?? .zero).map { releases[$0] }
    }
}
