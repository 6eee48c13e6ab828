import Foundation

/// The body of a `rollout.halted` event (docs/rollouts.md "Webhook"):
/// `{"event","id","channel","release","previousRelease","reason","failureRate","controlFailureRate","reports","at"}`.
struct HaltNotice: Encodable {
    let event = "rollout.halted"
    let id: String
    let channel: String
    let release: Int
    let previousRelease: Int
    let reason: String
    let failureRate: Double
    let controlFailureRate: Double
    /// The candidate's outcomes counted when it halted.
    let reports: Int
    let at: Date

    init(_ rollout: RolloutStatus, reason: String, id: String, at: Date) {
        self.id = id
        channel = rollout.channel.text
        release = rollout.candidate
        previousRelease = rollout.previousRelease
        self.reason = reason
        failureRate = rollout.candidateOutcomes.failureRate
        controlFailureRate = rollout.controlOutcomes.failureRate
        reports = rollout.candidateOutcomes.outcomes
        self.at = at
    }
}
