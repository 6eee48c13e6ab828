import Foundation

/// Runs blocking socket work on a thread of its own and awaits its result.
///
/// Swift's cooperative pool has one thread per core (two here). A test that blocks in `recv` on a pool
/// thread while it also needs the pool (for `server.shutdown()`, or for a parallel test) could starve it,
/// so work that blocks for long, or concurrently with other awaited work, goes through here.
enum NewThread {
    static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: work()) }
            thread.start()
        }
    }
}
