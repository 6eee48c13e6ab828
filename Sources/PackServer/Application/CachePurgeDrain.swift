import ServiceLifecycle

/// Starts the purger's drain the moment SIGTERM or SIGINT arrives. The service group shuts its services down
/// one at a time, last listed first; this one is listed last, so the drain deadline runs while the release
/// watcher stops and the listeners drain their responses, instead of after them. `ApplicationListeners.run`
/// waits for what is left of it (`CachePurger.finishShutdown`) once the group is done.
struct CachePurgeDrain: Service {
    let purger: CachePurger

    func run() async throws {
        // Returns at shutdown (or cancellation); never before, which the group would take for a failure.
        try? await gracefulShutdown()
        purger.beginShutdown()
    }
}
