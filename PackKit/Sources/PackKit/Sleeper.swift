/// Waits for a duration; throws `CancellationError` when the task is cancelled. Injected so tests retry
/// without waiting (the default is `Task.sleep`).
public typealias Sleeper = @Sendable (Duration) async throws -> Void
