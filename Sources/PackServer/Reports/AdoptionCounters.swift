import PackStore
import Synchronization

/// Manifest requests answered since the last flush, per channel, release and hour (docs/rollouts.md
/// "Adoption"): one increment under an uncontended lock per manifest request — never on a pack's or a blob's.
public final class AdoptionCounters: Sendable {
    private struct Key: Hashable {
        let channel: String
        let release: Int
        let hour: Int64
    }

    private let pending = Mutex<[Key: Int]>([:])

    func countManifest(channel: String, release: Int, hour: Int64) {
        pending.withLock { $0[Key(channel: channel, release: release, hour: hour), default: 0] += 1 }
    }

    /// Everything counted since the last call.
    func drain() -> [AdoptionDelta] {
        pending.withLock { pending in
            defer { pending.removeAll(keepingCapacity: true) }
            return pending.map {
                AdoptionDelta(channel: $0.key.channel, release: $0.key.release, hour: $0.key.hour, manifestRequests: $0.value)
            }
        }
    }
}
