import Foundation
import Logging
import PackStore
import ServiceLifecycle

/// `serve` on a publisher with `storage.type: s3`: runs `BucketSync` at start-up, and again whenever the
/// index's newest manifest version (a publish, rollback or renewal, by this process or the CLI) or its set of
/// `download` tokens changes, or the last pass failed (then every `retryInterval`). So a publish whose bucket
/// write failed, or a publisher killed half-way, is completed here without anyone running anything.
public struct BucketSyncService: Service {
    let sync: BucketSync
    let logger: Logger
    let interval: Duration
    let retryInterval: Duration

    public init(sync: BucketSync, logger: Logger, interval: Duration = .seconds(1), retryInterval: Duration = .seconds(10)) {
        self.sync = sync
        self.logger = logger
        self.interval = interval
        self.retryInterval = retryInterval
    }

    /// What a pass was made for: another pass is needed only when it changes.
    private struct Mark: Equatable {
        var version: Int?
        var tokens: [Data]
    }

    public func run() async throws {
        var done: Mark?
        var lastFailure: ContinuousClock.Instant?
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            do {
                let mark = Mark(
                    version: try sync.store.latestManifestVersion(),
                    tokens: try sync.store.tokenDigests(withScope: .download).sorted { $0.lexicographicallyPrecedes($1) })
                let retryDue = lastFailure.map { ContinuousClock.now - $0 >= retryInterval } ?? false
                if mark != done && (lastFailure == nil || retryDue) {
                    // Uploads block for as long as they take: on a thread of their own, not the cooperative pool.
                    let report = try await Self.onThread { [sync] in try sync.sync() }
                    if let report, !report.sentNothing { logger.notice("\(report.summary)") }
                    done = mark
                    lastFailure = nil
                }
            } catch {
                logger.error("cannot publish to the bucket (the release stays in the index; retrying): \(error)")
                lastFailure = ContinuousClock.now
            }
            try? await Task.sleep(for: interval)
        }
    }

    static func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result(catching: body)) }
        }
    }
}
