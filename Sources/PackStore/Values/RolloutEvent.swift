/// A rollout's halt as `serve` announces it and sends it to the webhook (docs/rollouts.md "Webhook"):
/// the JSON body is made once, when the halt is, so every delivery of one event carries the same `id`.
public struct RolloutEvent: Sendable, Hashable {
    public var id: String
    public var channel: String
    /// `failure-rate`, `control` or `manual`.
    public var reason: String
    public var body: [UInt8]
    public var attempts: Int
    /// Already logged and counted by a `serve`.
    public var isAnnounced: Bool
}
