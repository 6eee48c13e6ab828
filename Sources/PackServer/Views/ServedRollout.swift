import ReleaseViews

/// A channel's running rollout as this server serves it (docs/rollouts.md "Cohorts"): which cohorts are
/// admitted, and the candidate's views they read instead of the channel's own, signed with the channel's. A
/// class, like `ServedChannel`: admitted cohorts' requests read it without copying its arrays.
final class ServedRollout: Sendable {
    let cohorts: RolloutCohorts
    /// The runs of builds the candidate answers; builds outside them read the channel's own views.
    let views: ChannelViews
    /// One per segment of `views`, in the same order.
    let releases: [PublishedRelease]

    init(cohorts: RolloutCohorts, views: ChannelViews, releases: [PublishedRelease]) {
        precondition(views.segments.count == releases.count, "one served release per segment")
        self.cohorts = cohorts
        self.views = views
        self.releases = releases
    }

    /// The candidate's view for `cohort` and `build` (nil: a client that names none), or nil when the cohort
    /// is not admitted or the candidate does not answer the build.
    func release(for build: AppBuild?, cohort: Int) -> PublishedRelease? {
        guard cohorts.admits(cohort) else { return nil }
        return views.index(containing: build?.point ?? .zero).map { releases[$0] }
    }
}
