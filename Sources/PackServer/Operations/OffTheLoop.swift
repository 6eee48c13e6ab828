import Foundation

/// Work that blocks for as long as it takes (an upload to the bucket, a webhook's POST): on a thread of its
/// own, not on Swift's cooperative pool, whose one thread per core the whole server shares.
enum OffTheLoop {
    static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result(catching: body)) }
        }
    }
}
