import Foundation

/// A bounded set of threads for work that blocks (a request body's handler, a download from the bucket, the
/// CLI client's requests), instead of `DispatchQueue.global()`: Dispatch starts about one new thread a
/// second when its threads block, so a burst of blocking work waited in line for threads that came late,
/// and nothing bounded how many it made. Here at most `maxThreads` run at once, each started when work
/// arrives and no thread is idle, and kept for the next; the rest waits in order of arrival.
public final class BlockingPool: @unchecked Sendable {
    public let name: String
    public let maxThreads: Int
    // `@unchecked`: every field below is read and written under `condition`.
    private let condition = NSCondition()
    private var waiting: [@Sendable () -> Void] = []
    /// Index of the next work item in `waiting` (the array is compacted when it is half consumed).
    private var next = 0
    private var threads = 0
    private var idle = 0

    public init(name: String, maxThreads: Int) {
        precondition(maxThreads > 0, "a pool of no threads runs nothing")
        self.name = name
        self.maxThreads = maxThreads
    }

    /// Runs `work` on one of the pool's threads, as soon as one is free.
    public func run(_ work: @escaping @Sendable () -> Void) {
        condition.lock()
        waiting.append(work)
        // More work waiting than idle threads to take it: one more thread, while the bound allows.
        let startsThread = waiting.count - next > idle && threads < maxThreads
        if startsThread { threads += 1 }
        let number = threads
        condition.signal()
        condition.unlock()
        if startsThread {
            let thread = Thread { [self] in serve() }
            // Linux keeps 15 bytes of a thread's name.
            thread.name = String("\(name)-\(number)".prefix(15))
            thread.start()
        }
    }

    /// `work`'s result for async code, computed on the pool: the blocking never holds a thread of Swift's
    /// cooperative pool.
    public func value<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            run { continuation.resume(with: Result(catching: work)) }
        }
    }

    /// Threads started so far (never more than `maxThreads`).
    public var threadCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return threads
    }

    private func serve() {
        while true {
            condition.lock()
            idle += 1
            while next == waiting.count { condition.wait() }
            idle -= 1
            let work = waiting[next]
            next += 1
            if next > 64 && next * 2 > waiting.count {
                waiting.removeFirst(next)
                next = 0
            }
            condition.unlock()
            work()
        }
    }
}
