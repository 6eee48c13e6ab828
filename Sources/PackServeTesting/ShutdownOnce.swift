import Synchronization

/// Shuts an in-process server down exactly once: on `stop()`, or when its owner goes away, so a test that
/// failed before stopping leaves no listeners behind in the test process.
final class ShutdownOnce: Sendable {
    private let stopped = Mutex(false)
    private let shutdown: @Sendable () async -> Void

    init(_ shutdown: @escaping @Sendable () async -> Void) {
        self.shutdown = shutdown
    }

    deinit {
        guard !stopped.withLock({ $0 }) else { return }
        let shutdown = shutdown
        Task { await shutdown() }
    }

    /// Stops accepting and drains in-flight responses, as SIGTERM does in the binary.
    func stop() async {
        guard !stopped.withLock({ let was = $0; $0 = true; return was }) else { return }
        await shutdown()
    }
}
