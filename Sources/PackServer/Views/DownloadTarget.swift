/// Where a completed download of a pack's bytes counts (docs/rollouts.md "Adoption"): a channel, and the
/// newest release it serves (in its views or its running rollout) that lists the bytes.
struct DownloadTarget: Sendable, Hashable {
    let channel: String
    let release: Int
}
