/// The body of `PUT /admin/channels/{name}/rollout` (docs/api.md "Rollouts"): start a rollout of `release`
/// at `percent`, or move the live one — a higher `percent`, or a `state` of `running` (resume), `halted`,
/// `finished` or `cancelled`.
public struct RolloutRequest: Sendable, Hashable, Codable {
    public var release: Int?
    /// As written in the body (`12.5`): the percent's own parser reads it.
    public var percent: String?
    public var state: String?

    public init(release: Int? = nil, percent: String? = nil, state: String? = nil) {
        self.release = release
        self.percent = percent
        self.state = state
    }
}
