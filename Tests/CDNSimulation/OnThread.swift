import Foundation

/// Runs blocking work (a device's requests, a simulation's threads) on a thread of its own and awaits it, so
/// an async test or the benchmark's async main never blocks a thread of Swift's small cooperative pool.
package enum OnThread {
    package static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
        }
    }
}
