/// A real cache (Varnish or nginx) running a shipped deploy/ file in front of a PackServe origin.
package protocol FrontCache: AnyObject {
    /// `varnish` or `nginx`, for messages.
    var name: String { get }
    var port: Int { get }
    /// What the engine logged so far, for failure messages.
    var log: String { get }
    /// Whether the engine's process still runs.
    var isRunning: Bool { get }
    /// Writes the deploy file with the origin's port, starts the engine and waits until it listens (its
    /// origin need not be up yet: a cache started first takes the purge its origin sends on start-up).
    func launch(originPort: Int) async throws
}

extension FrontCache {
    package func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// `launch`, then waits until the cache answers through to its (running) origin.
    package func start(originPort: Int) async throws {
        try await launch(originPort: originPort)
        try await CacheReadiness.await(self)
    }
}
