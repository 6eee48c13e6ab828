/// What `gc` keeps and why, and what it prunes (`gc --dry-run` prints it): the newest releases it is told to
/// keep, and every release some channel's view still answers, with the builds that read it.
public struct GCPlan: Sendable, Hashable {
    public struct Kept: Sendable, Hashable {
        public var release: Int
        /// One line each: "one of the newest 10", "production reads it for builds below 1.10.0".
        public var reasons: [String]
    }

    public var kept: [Kept]
    /// Retained releases it would prune, oldest first.
    public var pruned: [Int]
}
