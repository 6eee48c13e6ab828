import Foundation

/// A request body handed to the application while it arrives (`RequestBodyHandling.stream`).
///
/// One consumer thread calls `next()` until it returns nil (the whole body is here) or throws (the body
/// will never be whole). The connection reads from the socket only while the stream wants bytes: not
/// before the first `next()` (so an application that answers before reading, a 401 say, never makes the
/// client's body travel, and `Expect: 100-continue` is answered only then), and not while `highWater`
/// bytes wait for the consumer. Memory per upload is therefore bounded by `highWater` plus one socket read,
/// whatever the body's size.
///
/// `next()` blocks: call it on a thread of the application's own, never on an event loop.
public final class RequestBodyStream: @unchecked Sendable {
    public enum Failure: Error, Sendable, Equatable {
        /// The connection closed before the body's end: the client went away, a timeout cut it off, or the
        /// server shut down.
        case connectionClosed
        /// The body broke its framing or exceeded its limit; the server answered 400 or 413 itself.
        case refused(status: Int)
        /// The application completed its response before the body ended; the rest is not read.
        case abandoned
    }

    /// The body's length when the request announced it with Content-Length; nil for chunked bodies.
    public let contentLength: Int?
    public let highWater: Int

    private let condition = NSCondition()
    // Guarded by `condition`:
    private var chunks: [[UInt8]] = []
    private var first = 0
    private var buffered = 0
    private var end: Failure?? = .none
    /// The connection stopped reading because this stream wanted no bytes; `wake` restarts it.
    private var producerWaits = true
    private var wake: (@Sendable () -> Void)?

    /// - Parameter wake: called (from the consumer's thread) when a stopped producer may read again.
    init(contentLength: Int?, highWater: Int = 1 << 20, wake: @escaping @Sendable () -> Void) {
        self.contentLength = contentLength
        self.highWater = highWater
        self.wake = wake
    }

    // MARK: The consumer

    /// The next piece of the body, in order; nil once the body is complete. Blocks while nothing is
    /// buffered. Throws when the body will never be complete; what was received is then worthless.
    public func next() throws(Failure) -> [UInt8]? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if case .some(.some(let failure)) = end { throw failure }
            if first < chunks.count {
                let chunk = chunks[first]
                chunks[first] = []
                first += 1
                if first == chunks.count {
                    chunks.removeAll(keepingCapacity: true)
                    first = 0
                }
                buffered -= chunk.count
                wakeProducerIfBehind()
                return chunk
            }
            if case .some(.none) = end { return nil }
            wakeProducerIfBehind()
            condition.wait()
        }
    }

    /// Restarts the connection once the consumer has room (below half of `highWater`): hysteresis, so
    /// the loop is not woken for every chunk.
    private func wakeProducerIfBehind() {
        guard producerWaits, buffered <= highWater / 2, let wake else { return }
        producerWaits = false
        wake()
    }

    // MARK: The connection (on its event loop)

    /// Queues a piece of the body. Returns false when the consumer is behind: read nothing more until
    /// `wake` runs.
    func append(_ chunk: [UInt8]) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard case .none = end else { return true }
        if !chunk.isEmpty {
            chunks.append(chunk)
            buffered += chunk.count
            condition.signal()
        }
        if buffered >= highWater { producerWaits = true }
        return !producerWaits
    }

    /// The body is complete.
    func finish() { close(with: nil) }

    /// The body will never be complete; buffered bytes are dropped.
    func fail(_ failure: Failure) { close(with: failure) }

    private func close(with failure: Failure?) {
        condition.lock()
        defer { condition.unlock() }
        guard case .none = end else { return }
        end = .some(failure)
        if failure != nil {
            chunks = []
            first = 0
            buffered = 0
        }
        wake = nil
        condition.broadcast()
    }
}
