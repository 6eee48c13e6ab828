import Logging
import Metrics
import PackStore
import RolloutRules
import ServiceLifecycle

/// Once a second, adds the counts made since to the index — manifest requests for adoption, and device
/// reports' outcomes — and halts the rollouts the outcomes condemn
/// (docs/rollouts.md "Automatic halt"), in one transaction: a halt is decided on counts the index holds, and
/// its event queued for `RolloutEventDispatcher`. On
/// graceful shutdown the last counts are flushed too; a SIGKILL loses at most the last second's.
public struct CountFlusher: Service {
    let counters: ReportCounters
    let adoption: AdoptionCounters
    let store: PackStore
    let signer: ManifestSigner
    let thresholds: HaltThresholds
    let logger: Logger
    /// Unix seconds.
    let now: @Sendable () -> Int64
    /// Told of each halt (the watcher's refresh, so the halt is served at once).
    let halted: @Sendable ([AutomaticHalt]) -> Void
    /// Where the adoption series go (docs/metrics.md): labelled by channel (and result), never by release or
    /// device, so their number stays bounded by the channels an operator makes.
    var factory: any MetricsFactory = NOOPMetricsHandler.instance

    public func run() async throws {
        await PeriodicLoop.run(every: .seconds(1)) { flush() }
        flush()
    }

    /// Adds what was counted since the last flush; returns the rollouts it halted.
    @discardableResult
    public func flush() -> [AutomaticHalt] {
        let requests = adoption.drain()
        for delta in requests {
            let channel = [("channel", delta.channel)]
            Counter(label: "packserve_adoption_manifest_requests_total", dimensions: channel, factory: factory)
                .increment(by: delta.manifestRequests)
            Counter(label: "packserve_adoption_completed_downloads_total", dimensions: channel, factory: factory)
                .increment(by: delta.completedDownloads)
        }
        if !requests.isEmpty {
            do {
                try store.recordAdoption(requests, nowHour: now() / 3600)
            } catch {
                logger.warning("manifest requests not counted (\(requests.count) dropped): \(error)")
            }
        }
        let deltas = counters.drain()
        guard !deltas.isEmpty else { return [] }
        let halts: [AutomaticHalt]
        do {
            halts = try store.recordReports(deltas, thresholds: thresholds, sealedBy: signer.sealing())
        } catch {
            counters.add(deltas)
            logger.warning("reports not counted yet, kept for the next second: \(error)")
            return []
        }
        // Counted once they are in the index: a failed flush puts them back for the next.
        for delta in deltas {
            Counter(
                label: "packserve_reported_outcomes_total", dimensions: [("channel", delta.channel), ("result", delta.result.rawValue)],
                factory: factory
            ).increment(by: delta.count)
        }
        // Each halt queued its event in the same transaction: `RolloutEventDispatcher` logs, counts and
        // delivers it.
        if !halts.isEmpty { halted(halts) }
        return halts
    }
}
