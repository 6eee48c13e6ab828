extension ChannelViews {
    /// The views a rollout's admitted cohorts read instead (docs/rollouts.md "Cohorts"): the runs of builds
    /// the candidate would answer once the channel points at it, and only those — every other build reads
    /// the channel's own view, admitted or not.
    public init(history: [ChannelHistoryEntry], candidate: ChannelHistoryEntry) {
        self.init(segments: ChannelViews(history: history + [candidate]).segments.filter { $0.release == candidate.release })
    }
}
