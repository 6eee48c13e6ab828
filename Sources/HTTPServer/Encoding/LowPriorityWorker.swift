import Foundation
import Glibc

/// One thread at the lowest CPU priority (nice 19) that runs work in order. Compressing a release's large
/// documents takes the better part of a second; on a two-core machine it must not take that time from
/// the event loops, so it runs where the scheduler gives it only what they leave.
public final class LowPriorityWorker: @unchecked Sendable {
    /// The process's worker, started on first use.
    public static let shared = LowPriorityWorker()

    private let condition = NSCondition()
    private var queue: [@Sendable () -> Void] = []
    private var started = false

    public init() {}

    /// Runs `work` on the worker after everything submitted before it.
    public func submit(_ work: @escaping @Sendable () -> Void) {
        condition.lock()
        queue.append(work)
        if !started {
            started = true
            let thread = Thread { [self] in run() }
            thread.name = "packserve-low-priority"
            thread.start()
        }
        condition.signal()
        condition.unlock()
    }

    private func run() {
        // On Linux the nice value is a thread's own (setpriority(2), NOTES): `who` 0 lowers only this thread.
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
        while true {
            condition.lock()
            while queue.isEmpty { condition.wait() }
            let work = queue.removeFirst()
            condition.unlock()
            work()
        }
    }
}
