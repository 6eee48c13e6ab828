import Foundation
import JSONText
import PackStore

/// A channel's rollout as `rollout status --json` and the admin API print it (docs/api.md "Rollouts"):
/// `{"channel","release","previousRelease","percent","state","firstCohort","startedAt","changedAt"}`, where
/// `release` is the candidate and `previousRelease` the channel's release when it started (the control).
public struct RolloutDocument: Encodable, Sendable {
    let channel: String
    let release: Int
    let previousRelease: Int
    let percent: Double
    let state: String
    /// The cohort admitted first: who sees a rollout at 0.1 %.
    let firstCohort: Int
    let startedAt: Date
    let changedAt: Date

    public init(_ status: RolloutStatus) {
        channel = status.channel.text
        release = status.candidate
        previousRelease = status.previousRelease
        percent = status.percent.value
        state = status.state.rawValue
        firstCohort = status.cohorts.firstCohort
        startedAt = status.startedAt
        changedAt = status.changedAt
    }

    public static func text(_ status: RolloutStatus) throws -> String {
        try CanonicalJSON.string(RolloutDocument(status))
    }
}
