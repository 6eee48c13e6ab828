import Synchronization

/// Results of `DispatchQueue.concurrentPerform` iterations, one slot each. Each iteration writes only its
/// own slot, and `concurrentPerform` returns after all of them, so the lock is never contended; it is
/// there so that the compiler can check the sharing.
final class ConcurrentSlices: Sendable {
    private let storage: Mutex<[[UInt8]]>

    init(count: Int) {
        storage = Mutex(Array(repeating: [], count: count))
    }

    func store(_ bytes: [UInt8], at index: Int) {
        storage.withLock { $0[index] = bytes }
    }

    var slices: [[UInt8]] { storage.withLock { $0 } }

    var totalCount: Int { storage.withLock { $0.reduce(0) { $0 + $1.count } } }
}
