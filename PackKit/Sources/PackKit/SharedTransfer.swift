import Foundation

/// One pack's download, shared by every request that needs it at the same time: two appenders on one
/// partial file would corrupt it, and one transfer is cheaper anyway. Each waiter watches the bytes; the
/// transfer is cancelled when its last waiter is.
final class SharedTransfer: Sendable {
    private struct State {
        var task: Task<InstalledPack, any Error>?
        var observers: [UUID: @Sendable (Int64) -> Void] = [:]
        var waiters = 0
        var priority: Float = 0
        var bytes: Int64 = 0
    }

    private let state = Locked(State())

    /// Starts `work`, which reports bytes through `report` and reads the priority through `priority`.
    func start(_ work: @escaping @Sendable (SharedTransfer) async throws -> InstalledPack) {
        let task = Task { try await work(self) }
        state.withLock { $0.task = task }
    }

    /// Fans bytes on disk out to every waiter's progress.
    func report(_ bytes: Int64) {
        let observers = state.withLock { state in
            state.bytes = bytes
            return Array(state.observers.values)
        }
        for observer in observers { observer(bytes) }
    }

    /// The highest loading priority among the waiters, as `URLSessionTask.priority` (0 … 1).
    var priority: Float { state.withLock { $0.priority } }

    func raisePriority(to priority: Float) {
        state.withLock { $0.priority = max($0.priority, priority) }
    }

    /// Waits for the pack, seeing its bytes through `observe`.
    func wait(priority: Float, observe: @escaping @Sendable (Int64) -> Void) async throws -> InstalledPack {
        let id = UUID()
        let (task, bytes) = state.withLock { state in
            state.observers[id] = observe
            state.waiters += 1
            state.priority = max(state.priority, priority)
            return (state.task, state.bytes)
        }
        observe(bytes)
        defer { state.withLock { _ = $0.observers.removeValue(forKey: id) } }
        guard let task else { throw CancellationError() }
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            let last = state.withLock { state in
                state.waiters -= 1
                return state.waiters == 0
            }
            if last { task.cancel() }
        }
    }
}
