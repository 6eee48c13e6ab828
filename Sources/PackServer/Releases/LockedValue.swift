import Synchronization

/// A value one thread hands to another (a result computed on a background queue), behind a lock so the
/// compiler can check the sharing.
final class LockedValue<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>

    init(_ value: Value) {
        storage = Mutex(value)
    }

    var value: Value { storage.withLock { $0 } }

    func set(_ value: Value) {
        storage.withLock { $0 = value }
    }
}
