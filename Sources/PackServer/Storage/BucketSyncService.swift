import Foundation
import Logging
import PackStore
import ServiceLifecycle
import Synchronization

/// `serve` on a publisher with `storage.type: s3`: runs `BucketSync` at start-up, and again whenever a
/// channel's newest manifest version (a publish, promote, rollback, remap or renewal, by this process or the
/// CLI), the set of channels or the set of `download` tokens changes, or the last pass failed (then every `retryInterval`). So a publish whose bucket
/// write failed, or a publisher killed half-way, is completed here without anyone running anything.
public struct BucketSyncService: Service {
    let sync: BucketSync
    let logger: Logger
    let interval: Duration
    let retryInterval: Duration
    private let state = State()

    /// What the last pass was made for (a new pass is needed only when it changes), and when a pass last failed.
    private final class State: Sendable {
        struct Values {
            var done: Mark?
            var lastFailure: ContinuousClock.Instant?
        }

        let values = Mutex(Values())
    }

    private struct Mark: Equatable {
        /// Every channel's manifest version: a change to any channel (or a build remap, which signs one) is
        /// a new signing to publish.
        var versions: [String: Int]
        var tokens: [Data]
    }

    public init(sync: BucketSync, logger: Logger, interval: Duration = .seconds(1), retryInterval: Duration = .seconds(10)) {
        self.sync = sync
        self.logger = logger
        self.interval = interval
        self.retryInterval = retryInterval
    }

    public func run() async throws {
        await PeriodicLoop.run(every: interval, runsFirst: true) { await pass() }
    }

    /// One look at the index, and a sync when something changed since the last one (or it failed and the
    /// retry interval has passed). The report of the sync it ran, nil when it ran none or it failed.
    @discardableResult
    public func pass(now: ContinuousClock.Instant = .now) async -> BucketPublishReport? {
        do {
            let mark = Mark(
                versions: try sync.store.channelVersions(),
                tokens: try sync.store.tokenDigests(withScope: .download).sorted { $0.lexicographicallyPrecedes($1) })
            let (done, lastFailure) = state.values.withLock { ($0.done, $0.lastFailure) }
            let waiting = lastFailure.map { now - $0 < retryInterval } ?? false
            guard mark != done, !waiting else { return nil }
            let report = try await OffTheLoop.run { [sync] in try sync.sync() }
            if let report, !report.sentNothing { logger.notice("\(report.summary)") }
            state.values.withLock { $0 = State.Values(done: mark, lastFailure: nil) }
            return report
        } catch {
            logger.error("cannot publish to the bucket (the release stays in the index; retrying): \(error)")
            state.values.withLock { $0.lastFailure = now }
            return nil
        }
    }
}
