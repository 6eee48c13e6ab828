import Dispatch
import Foundation
import PackStore
import Synchronization

/// A reader of the bucket on a thread of its own, as a replica polls it: reads `current.json` over and over
/// and, for every pointer it reads, checks that every object it names is there (one listing of the blobs and
/// one of the release's directory). Records each pointer that named a missing object.
final class PointerReader: Sendable {
    struct Tally: Sendable {
        var reads = 0
        var pointersSeen: Set<Int> = []
        var violations: [String] = []
    }

    let bucket: any ObjectBucket
    let layout = BucketLayout()
    private let stopped = Atomic(false)
    private let finished = DispatchSemaphore(value: 0)
    private let tally = Mutex(Tally())

    init(bucket: any ObjectBucket) {
        self.bucket = bucket
    }

    func start() {
        Thread.detachNewThread { [self] in
            while !stopped.load(ordering: .relaxed) { readOnce() }
            finished.signal()
        }
    }

    /// Stops the loop and returns what it saw.
    func stop() -> Tally {
        stopped.store(true, ordering: .relaxed)
        finished.wait()
        return tally.withLock { $0 }
    }

    private func readOnce() {
        do {
            guard let bytes = try bucket.get(layout.pointer) else { return }
            let pointer = try BucketPointer(json: bytes)
            var missing: [String] = []
            if let record = try bucket.get(layout.releaseRecord(pointer.release)) {
                var present = Set(try bucket.list(prefix: layout.blobsPrefix).map(\.key))
                present.formUnion(try bucket.list(prefix: layout.releaseDirectory(pointer.release)).map(\.key))
                missing = try BucketRelease(json: record).keys(version: pointer.version, layout: layout)
                    .filter { !present.contains($0) }
            } else {
                missing = [layout.releaseRecord(pointer.release)]
            }
            tally.withLock {
                $0.reads += 1
                $0.pointersSeen.insert(pointer.version)
                if !missing.isEmpty { $0.violations.append("version \(pointer.version): missing \(missing)") }
            }
        } catch {
            tally.withLock { $0.violations.append("read failed: \(error)") }
        }
    }
}
