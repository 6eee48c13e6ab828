import Foundation
import GRDB
import ReleaseViews
import RolloutRules

/// Device reports (docs/rollouts.md "Reports"): hourly counters, and the running rollouts they halt.
extension PackStore {
    /// Adds `deltas` to the hourly counters and to the running rollouts' candidate and control counts, and
    /// halts each rollout whose counts the rule now condemns — all in one transaction, so a halt is never
    /// decided on counts the index does not hold.
    public func recordReports(
        _ deltas: [ReportCountDelta], thresholds: HaltThresholds, sealedBy sealer: some ChannelSealer
    ) throws(PackStoreError) -> [AutomaticHalt] {
        guard !deltas.isEmpty else { return [] }
        return try write { db in
            let upsert = try db.makeStatement(sql: """
                INSERT INTO reportCount (channel, release, result, hour, count) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (channel, release, result, hour) DO UPDATE SET count = count + excluded.count
                """)
            for delta in deltas {
                try upsert.execute(arguments: [delta.channel, delta.release, delta.result.rawValue, delta.hour, delta.count])
            }
            var halts: [AutomaticHalt] = []
            for channel in Set(deltas.map(\.channel)).sorted() {
                guard var record = try RolloutRecord.fetchOne(db, key: channel), record.state == RolloutState.running.rawValue,
                      let name = ChannelName(channel)
                else { continue }
                for delta in deltas where delta.channel == channel {
                    let failed = delta.result == .failed ? delta.count : 0
                    if delta.release == record.candidate {
                        record.candidateOutcomes += delta.count
                        record.candidateFailures += failed
                    } else if delta.release == record.previousRelease {
                        record.controlOutcomes += delta.count
                        record.controlFailures += failed
                    }
                }
                let counted = try record.status()
                let decision = HaltRule.decide(
                    candidate: counted.candidateOutcomes, control: counted.controlOutcomes, thresholds: thresholds)
                if let reason = decision.reason {
                    record.state = RolloutState.halted.rawValue
                    record.haltReason = reason
                    record.changedAt = Self.now()
                }
                try record.update(db)
                guard let reason = decision.reason else { continue }
                try Self.queueHaltEvent(try record.status(), reason: reason, db)
                halts.append(AutomaticHalt(
                    rollout: try record.status(), decision: decision, change: try Self.signChannel(name, sealer: sealer, db)))
            }
            return halts
        }
    }
}
