/// Waiting on another process: `condition` is checked every `interval` until it holds or `timeout` passes.
/// The one place this target sleeps. A child process (the server, curl, a cache, a signal's effect) runs
/// on its own time and can only be watched — its output, its state, what it serves — so no injected clock
/// can stand in for this wait; what a clock can decide is tested in-process (ApplicationTests).
enum Poll {
    /// Whether `condition` held within `timeout` (it is checked once more at the deadline).
    @discardableResult
    static func until(
        within timeout: Duration, every interval: Duration = .milliseconds(20), _ condition: () async throws -> Bool
    ) async throws -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            if try await condition() { return true }
            try await Task.sleep(for: interval)
        }
        return try await condition()
    }
}
