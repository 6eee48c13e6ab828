import Foundation
import GRDB
import ReleaseViews
import RolloutRules

/// A row of `rollout`: a channel's live rollout, or its last one (docs/rollouts.md).
struct RolloutRecord: Codable, FetchableRecord, PersistableRecord, Equatable {
    static let databaseTableName = "rollout"

    var channel: String
    var candidate: Int
    /// The channel's release when the rollout started: the control its failure rate is compared with.
    var previousRelease: Int
    var tenths: Int
    var offset: Int
    var state: String
    var startedAt: Date
    var changedAt: Date
    var candidateOutcomes = 0
    var candidateFailures = 0
    var controlOutcomes = 0
    var controlFailures = 0
    var haltReason: String?

    /// Running or halted: the channel waits for its end.
    var isLive: Bool { RolloutState(rawValue: state)?.isLive == true }

    /// The row as a value, checked as untrusted input.
    func status() throws -> RolloutStatus {
        func counts(_ outcomes: Int, _ failures: Int) -> OutcomeCounts? {
            outcomes >= 0 && (0...outcomes).contains(failures) ? OutcomeCounts(outcomes: outcomes, failures: failures) : nil
        }
        guard let percent = RolloutPercent(tenths: tenths), (0..<RolloutCohorts.count).contains(offset),
              let state = RolloutState(rawValue: state), let name = ChannelName(channel),
              let candidateCounts = counts(candidateOutcomes, candidateFailures),
              let controlCounts = counts(controlOutcomes, controlFailures)
        else {
            throw PackStoreError.untrustworthyIndex(path: "index.sqlite", problem: "rollout of \(channel) is not a rollout")
        }
        return RolloutStatus(
            channel: name, candidate: candidate, previousRelease: previousRelease,
            cohorts: RolloutCohorts(offset: offset, percent: percent), state: state, startedAt: startedAt,
            changedAt: changedAt, candidateOutcomes: candidateCounts, controlOutcomes: controlCounts,
            haltReason: haltReason)
    }
}
