import Foundation

/// Runs a long synchronous test body on a thread of its own, awaited without holding a thread of Swift's
/// cooperative pool. That pool has as many threads as the machine has cores (two here), and every test of
/// the process runs on it: a synchronous property test of a minute held one of the two, and the hundreds of
/// tests that only wait on a child process or a socket queued behind the other (the suite then used one core
/// of two, CONTRIBUTING.md "Test time"). Issues are recorded by the caller, from the values `body` returns:
/// a thread outside the test's task does not know which test it serves.
public enum OwnThread {
    public static func run<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result { try body() }) }
            // As deep as a main thread's: the stepped catalogs recurse through the store and the server.
            thread.stackSize = 8 << 20
            thread.start()
        }
    }
}
