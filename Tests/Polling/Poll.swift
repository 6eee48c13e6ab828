import Foundation

/// Waiting on what runs on its own time — another process, a server's event-loop thread, a consumer's
/// thread: `condition` is checked every `interval` until it holds or the timeout passes. The one place the
/// tests poll. What a clock can decide is tested with a manual clock instead (ConnectionMachine,
/// ApplicationTests); what is left here can only be watched.
public enum Poll {
    /// Whether `condition` held within `timeout` (it is checked once more at the deadline).
    @discardableResult
    public static func until(
        within timeout: Duration, every interval: Duration = .milliseconds(20), _ condition: () async throws -> Bool
    ) async throws -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            if try await condition() { return true }
            // The pause between two looks: what is watched runs on its own time and signals nothing the
            // test could wait on, and no clock of the test's drives it.
            try await Task.sleep(for: interval)
        }
        return try await condition()
    }

    /// The same for a test that runs on a thread of its own rather than in a task (it blocks that thread).
    @discardableResult
    public static func blockingUntil(
        within timeout: Duration, every interval: Duration = .milliseconds(10), _ condition: () throws -> Bool
    ) rethrows -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            if try condition() { return true }
            // The same pause between two looks, for a thread: nothing watched here signals, and no clock of
            // the test's drives it.
            Thread.sleep(forTimeInterval: interval / .seconds(1))
        }
        return try condition()
    }
}
