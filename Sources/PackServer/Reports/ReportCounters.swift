import PackStore
import RolloutRules
import Synchronization

/// Outcomes counted since the last flush, per channel, release, result and hour: what `CountFlusher` adds
/// to the index each second. Reports are aggregated here, never stored one by one.
public final class ReportCounters: Sendable {
    public init() {}

    private struct Key: Hashable {
        let channel: String
        let release: Int
        let result: InstallOutcome.Result
        let hour: Int64
    }

    private let pending = Mutex<[Key: Int]>([:])

    func add(_ report: DeviceReport, hour: Int64) {
        pending.withLock { pending in
            for outcome in report.outcomes {
                pending[Key(channel: report.channel, release: report.release, result: outcome.result, hour: hour), default: 0] += 1
            }
        }
    }

    /// Everything counted since the last call, and zero from now on.
    func drain() -> [ReportCountDelta] {
        let taken = pending.withLock { pending in
            defer { pending.removeAll(keepingCapacity: true) }
            return pending
        }
        return taken.map { ReportCountDelta(channel: $0.key.channel, release: $0.key.release, result: $0.key.result, hour: $0.key.hour, count: $0.value) }
            .sorted { ($0.channel, $0.release, $0.result.rawValue, $0.hour) < ($1.channel, $1.release, $1.result.rawValue, $1.hour) }
    }

    /// Adds counts taken elsewhere: a replica's forward, or what a failed flush or forward took (put back, so
    /// a busy index or an unreachable publisher loses no count).
    func add(_ deltas: [ReportCountDelta]) {
        pending.withLock { pending in
            for delta in deltas {
                pending[Key(channel: delta.channel, release: delta.release, result: delta.result, hour: delta.hour), default: 0] += delta.count
            }
        }
    }
}
