import Foundation

/// A value behind a lock, for the few pieces of mutable state shared between URLSession's delegate queue
/// and async callers. `Synchronization.Mutex` needs iOS 18 / macOS 15; PackKit supports iOS 16 / macOS 13.
final class Locked<Value>: @unchecked Sendable {
    // @unchecked: every access to `value` goes through `lock`.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
