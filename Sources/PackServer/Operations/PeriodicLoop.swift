import ServiceLifecycle

/// The loop of every part that wakes on an interval (the release watcher, a replica's follower, the bucket
/// sync, the open-file sweeper): graceful shutdown (SIGTERM) or cancellation ends the wait between two runs
/// at once, so a replica polling once an hour still stops within a moment; a run already under way (a sync
/// halfway through its uploads) is let finish.
enum PeriodicLoop {
    /// Runs `body` every `interval` (after the first wait, or at once with `runsFirst`) until shutdown.
    static func run(every interval: Duration, runsFirst: Bool = false, _ body: () async -> Void) async {
        if runsFirst { await body() }
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            // Only the wait is cancelled by the shutdown, never `body`.
            _ = try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
            if Task.isShuttingDownGracefully || Task.isCancelled { return }
            await body()
        }
    }
}
