import Foundation
import PackStore
import Synchronization

/// A `DirectoryBucket` whose blob copies a test can make fail (as when the object store is restarted during
/// one) or hold (they wait until released), counting the downloads of each key.
/// `@unchecked`: the condition variable guards only `held`'s wake-ups; all state is in mutexes.
final class ControlledBucket: ObjectBucket, @unchecked Sendable {

    let directory: DirectoryBucket
    private let downloads = Mutex<[String: Int]>([:])
    private let down = Mutex(false)
    /// Downloads wait while this is locked.
    private let gate = NSCondition()
    private let held = Mutex(false)

    init(root: String) {
        directory = DirectoryBucket(root: root)
    }

    /// While true, every blob download fails after it started (the pointer and documents still read).
    func setCopiesFail(_ fail: Bool) { down.withLock { $0 = fail } }

    func hold() { held.withLock { $0 = true } }

    func release() {
        gate.lock()
        held.withLock { $0 = false }
        gate.broadcast()
        gate.unlock()
    }

    func downloadCount(_ key: String) -> Int { downloads.withLock { $0[key] ?? 0 } }

    private func check() throws(BucketError) {
        if down.withLock({ $0 }) { throw BucketError(.unavailable, key: "", "unreachable (ControlledBucket)") }
    }

    func put(_ key: String, bytes: [UInt8], contentType: String) throws(BucketError) {
        try directory.put(key, bytes: bytes, contentType: contentType)
    }

    func putFileIfAbsent(_ key: String, path: String, size: Int64, contentType: String) throws(BucketError) -> Bool {
        try directory.putFileIfAbsent(key, path: path, size: size, contentType: contentType)
    }

    func get(_ key: String, ifNoneMatch: String?) throws(BucketError) -> BucketRead {
        try directory.get(key, ifNoneMatch: ifNoneMatch)
    }

    func download(_ key: String, to path: String) throws(BucketError) -> Bool {
        try startCopy(key)
        return try directory.download(key, to: path)
    }

    func read(_ key: String, into sink: ([UInt8]) throws(BucketError) -> Void) throws(BucketError) -> Bool {
        try startCopy(key)
        return try directory.read(key, into: sink)
    }

    /// A copy of `key` begins: counted, held while `hold()` is in force, failed while copies fail.
    private func startCopy(_ key: String) throws(BucketError) {
        downloads.withLock { $0[key, default: 0] += 1 }
        gate.lock()
        while held.withLock({ $0 }) { gate.wait() }
        gate.unlock()
        try check()
    }

    func size(of key: String) throws(BucketError) -> Int64? {
        try directory.size(of: key)
    }

    func list(prefix: String) throws(BucketError) -> [BucketObject] {
        try directory.list(prefix: prefix)
    }

    func delete(_ key: String) throws(BucketError) {
        try directory.delete(key)
    }
}
