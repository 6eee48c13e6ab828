import Foundation
@testable import HTTPServer
import Synchronization

/// Reads a `RequestBodyStream` on a thread of its own, as an application must, and keeps what it read and
/// how the stream ended. `pauseAfter` makes it stop asking after that many bytes until `go()`.
final class BodyConsumer: Sendable {
    enum Outcome: Equatable, Sendable {
        case complete([UInt8])
        case failed(RequestBodyStream.Failure)
    }

    private let received = Mutex<[UInt8]>([])
    private let result = Mutex<Outcome?>(nil)
    private let finished = DispatchSemaphore(value: 0)
    private let gate = DispatchSemaphore(value: 0)
    private let parked = Mutex(false)

    init(_ stream: RequestBodyStream, pauseAfter: Int? = nil, then: (@Sendable (Outcome) -> Void)? = nil) {
        let thread = Thread { [self] in
            var paused = false
            let outcome: Outcome
            do throws(RequestBodyStream.Failure) {
                while let chunk = try stream.next() {
                    let total = received.withLock { $0 += chunk; return $0.count }
                    if let pauseAfter, !paused, total >= pauseAfter {
                        paused = true
                        parked.withLock { $0 = true }
                        gate.wait()
                        parked.withLock { $0 = false }
                    }
                }
                outcome = .complete(received.withLock { $0 })
            } catch {
                outcome = .failed(error)
            }
            result.withLock { $0 = outcome }
            then?(outcome)
            finished.signal()
        }
        thread.start()
    }

    var bytesReceived: Int { received.withLock { $0.count } }

    /// Whether the consumer stopped at `pauseAfter` and waits for `go()`: it has returned from its last
    /// `next()`, so every wake-up it will hand the connection before `go()` is already queued.
    var isPaused: Bool { parked.withLock { $0 } }

    /// Lets a consumer paused by `pauseAfter` go on.
    func go() { gate.signal() }

    /// How the stream ended; nil if it has not ended within `seconds`.
    func outcome(within seconds: Double = 5) -> Outcome? {
        guard finished.wait(timeout: .now() + seconds) == .success else { return nil }
        finished.signal()
        return result.withLock { $0 }
    }
}
