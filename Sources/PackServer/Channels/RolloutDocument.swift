import Foundation
import JSONText
import PackStore

/// A channel's rollout as `rollout status --json` and the admin API print it (docs/api.md "Rollouts"):
/// `{"channel","release","previousRelease","percent","state","firstCohort","startedAt","changedAt",
/// "candidate","control","haltReason"?}`, where `release` is the candidate, `previousRelease` the channel's
/// release when it started (the control), and `candidate` and `control` the outcomes reported for each since.
public struct RolloutDocument: Encodable, Sendable {
    /// `{"outcomes","failures"}`.
    struct Outcomes: Encodable, Sendable {
        let outcomes: Int
        let failures: Int
    }

    let channel: String
    let release: Int
    let previousRelease: Int
    let percent: Double
    let state: String
    /// The cohort admitted first: who sees a rollout at 0.1 %.
    let firstCohort: Int
    let startedAt: Date
    let changedAt: Date
    let candidate: Outcomes
    let control: Outcomes
    /// `failure-rate` or `control` (halted by the reports), `manual`; absent if it was never halted.
    let haltReason: String?

    public init(_ status: RolloutStatus) {
        channel = status.channel.text
        release = status.candidate
        previousRelease = status.previousRelease
        percent = status.percent.value
        state = status.state.rawValue
        firstCohort = status.cohorts.firstCohort
        startedAt = status.startedAt
        changedAt = status.changedAt
        candidate = Outcomes(outcomes: status.candidateOutcomes.outcomes, failures: status.candidateOutcomes.failures)
        control = Outcomes(outcomes: status.controlOutcomes.outcomes, failures: status.controlOutcomes.failures)
        haltReason = status.haltReason
    }

    public static func text(_ status: RolloutStatus) throws -> String {
        try CanonicalJSON.string(RolloutDocument(status))
    }
}
