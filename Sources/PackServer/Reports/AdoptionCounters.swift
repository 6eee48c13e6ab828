import PackStore
import Synchronization

/// Adoption counted since the last flush, per channel, release and hour (docs/rollouts.md "Adoption"): manifest
/// requests answered with a release, and downloads of its packs completed. One increment under an
/// uncontended lock per manifest request and per completed download — never per range of a pack or blob.
public final class AdoptionCounters: Sendable {
    private struct Key: Hashable {
        let channel: String
        let release: Int
        let hour: Int64
    }

    private struct Counts {
        var manifestRequests = 0
        var completedDownloads = 0
    }

    private let pending = Mutex<[Key: Counts]>([:])

    func countManifest(channel: String, release: Int, hour: Int64) {
        pending.withLock { $0[Key(channel: channel, release: release, hour: hour), default: Counts()].manifestRequests += 1 }
    }

    /// One response that carried a pack's bytes up to its last one, for each (channel, release) it counts in.
    func countCompletedDownload(of targets: some Sequence<DownloadTarget>, hour: Int64) {
        pending.withLock { pending in
            for target in targets {
                pending[Key(channel: target.channel, release: target.release, hour: hour), default: Counts()].completedDownloads += 1
            }
        }
    }

    /// Everything counted since the last call.
    func drain() -> [AdoptionDelta] {
        pending.withLock { pending in
            defer { pending.removeAll(keepingCapacity: true) }
            return pending.map {
                AdoptionDelta(
                    channel: $0.key.channel, release: $0.key.release, hour: $0.key.hour,
                    manifestRequests: $0.value.manifestRequests, completedDownloads: $0.value.completedDownloads)
            }
        }
    }
}
