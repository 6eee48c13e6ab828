import PackStore
import Synchronization

/// A bucket that passes everything to `inner` but fails every write after the first `writesAllowed`, as if
/// the publisher were killed there; after each write that goes through, `afterWrite` looks at the bucket (the
/// reader's view at that instant). Counts the writes it let through.
final class FailingBucket: ObjectBucket {
    /// What a write past the allowance throws: the store went away.
    static let killed = BucketError(.unavailable, key: "", "the bucket went away (FailingBucket)")

    let inner: any ObjectBucket
    private let writesAllowed: Atomic<Int>
    let afterWrite: @Sendable (any ObjectBucket) -> Void
    private let writes = Atomic(0)

    init(_ inner: any ObjectBucket, writesAllowed: Int = .max, afterWrite: @escaping @Sendable (any ObjectBucket) -> Void = { _ in }) {
        self.inner = inner
        self.writesAllowed = Atomic(writesAllowed)
        self.afterWrite = afterWrite
    }

    var writeCount: Int { writes.load(ordering: .relaxed) }

    /// From now on, lets writes through until `count` writes in all were made (the bucket came back).
    func allowWrites(_ count: Int) { writesAllowed.store(count, ordering: .relaxed) }

    private func write<T>(_ body: () throws(BucketError) -> T) throws(BucketError) -> T {
        guard writes.load(ordering: .relaxed) < writesAllowed.load(ordering: .relaxed) else { throw Self.killed }
        writes.add(1, ordering: .relaxed)
        let result = try body()
        afterWrite(inner)
        return result
    }

    func put(_ key: String, bytes: [UInt8], contentType: String) throws(BucketError) {
        try write { () throws(BucketError) in try inner.put(key, bytes: bytes, contentType: contentType) }
    }

    func putFileIfAbsent(_ key: String, path: String, size: Int64, contentType: String) throws(BucketError) -> Bool {
        try write { () throws(BucketError) in try inner.putFileIfAbsent(key, path: path, size: size, contentType: contentType) }
    }

    func delete(_ key: String) throws(BucketError) {
        try write { () throws(BucketError) in try inner.delete(key) }
    }

    func get(_ key: String, ifNoneMatch: String?) throws(BucketError) -> BucketRead { try inner.get(key, ifNoneMatch: ifNoneMatch) }
    func download(_ key: String, to path: String) throws(BucketError) -> Bool { try inner.download(key, to: path) }
    func read(_ key: String, into sink: ([UInt8]) throws(BucketError) -> Void) throws(BucketError) -> Bool { try inner.read(key, into: sink) }
    func size(of key: String) throws(BucketError) -> Int64? { try inner.size(of: key) }
    func list(prefix: String) throws(BucketError) -> [BucketObject] { try inner.list(prefix: prefix) }
}
