import BlockingWork
import Foundation

/// The body of a request, handed to the application with the request's head (`HTTPRequest.body`), before
/// a byte of it is read — what Go calls `r.Body`. The application decides what travels:
///
/// - It answers without reading: the body never travels. The response goes out with `Connection: close`
///   and a lingering close, since the unread bytes would otherwise be taken for the next request
///   (RFC 9112 §9.6); `Expect: 100-continue` gets no 100 (RFC 9110 §10.1.1: a server that answers without
///   reading the content must not send it).
/// - `read(upTo:pace:on:then:)`: the connection reads the whole body into memory, on its loop, and hands it
///   to the handler on a worker thread, or where the body ended for bounded work that never blocks (small
///   documents; `HTTPResponse.readingBody` wraps it).
/// - `stream(maxBytes:pace:)`: the body flows to a consumer thread as it arrives, no further ahead than
///   `highWater` (uploads).
///
/// The first read fixes the body's limit and pace: a Content-Length over the limit is answered 413 before a
/// byte is read, a chunked body growing past it 413 when it does (RFC 9110 §15.5.14), and a body that falls
/// behind its pace 408. `Expect: 100-continue` is answered then, on the first read, as Go does. A body is
/// read once: by one `read` or one `stream`.
public final class RequestBody: @unchecked Sendable {
    public enum Failure: Error, Sendable, Equatable {
        /// The connection closed before the body's end: the client went away, a timeout cut it off, or the
        /// server shut down.
        case connectionClosed
        /// The body broke its framing, exceeded its limit or fell behind its pace; the server answered 400,
        /// 413 or 408 itself.
        case refused(status: Int)
        /// The application answered before the body ended; the rest is not read.
        case abandoned
    }

    /// Where `read(upTo:pace:on:then:)`'s handler runs.
    public enum HandlerThread: Sendable {
        /// A worker of the bodies' own pool: the handler may block (an upload's ingest, a write to the index).
        case worker
        /// The thread that completed the body — usually the connection's event loop — once the body's lock is
        /// released: for bounded work that never blocks (a small document parsed and counted), which then
        /// costs no hand-off to another thread and back (`perf` of report intake: the hand-offs and the
        /// workers' lock contention took more than the parse).
        case inline
    }

    /// The body's length when the request announced it with Content-Length; nil for chunked bodies.
    public let contentLength: Int?
    /// How far the connection reads ahead of a stream's consumer.
    let highWater: Int

    private let condition = NSCondition()
    // Guarded by `condition`:
    private var chunks: [[UInt8]] = []
    private var first = 0
    private var buffered = 0
    private var end: Failure?? = .none
    /// The connection stopped reading because this body wanted no bytes; `wake` restarts it. True until the
    /// application's first read: nothing travels before it asks.
    private var producerWaits = true
    /// Restarts the connection with the body's terms (set by the connection before the application sees
    /// the body).
    private var wake: (@Sendable (BodyTerms) -> Void)?
    /// Fixed by the first read.
    private var terms: BodyTerms?
    /// `read(upTo:pace:on:then:)`'s handler, until the body ends, and where it runs.
    private var collector: (@Sendable (Result<[UInt8], Failure>) -> Void)?
    private var collectorThread = HandlerThread.worker
    /// The handler's call, made ready under the lock and run by whoever ends the body, after unlocking.
    private var delivery: (@Sendable () -> Void)?

    init(contentLength: Int?, highWater: Int = 1 << 20) {
        self.contentLength = contentLength
        self.highWater = highWater
    }

    /// A body already in memory, complete (for requests that did not come over a socket, and tests).
    public convenience init(bytes: [UInt8]) {
        self.init(contentLength: bytes.count)
        if !bytes.isEmpty { chunks = [bytes] }
        buffered = bytes.count
        end = .some(nil)
        producerWaits = false
    }

    // MARK: The application

    /// Reads the whole body, at most `limit` bytes, at `pace` (nil: the configuration's minimum rate), on
    /// the connection's loop, without blocking it; then calls `handler` (on `thread`) with the bytes, or with
    /// the failure when the body will never be whole (the server has then answered 400, 408 or 413 itself,
    /// or the client is gone). Call it once, from any thread.
    public func read(
        upTo limit: Int, pace: BodyPace? = nil, on thread: HandlerThread = .worker,
        then handler: @escaping @Sendable (Result<[UInt8], Failure>) -> Void
    ) {
        condition.lock()
        guard begin(BodyTerms(maxBytes: limit, pace: pace)) else {
            condition.unlock()
            return Self.run(on: thread) { handler(.failure(.abandoned)) }
        }
        // A whole body is bounded by `limit`, not by `highWater`: once started, the connection never
        // waits for it (`append`).
        collector = handler
        collectorThread = thread
        deliverIfEnded()
        wakeProducer()
        unlockDelivering()
    }

    /// The body as a stream of pieces, at most `maxBytes` in all, at `pace` (nil: the configuration's
    /// minimum rate). Nothing is read, and no 100 Continue sent, until the stream's first `next()`.
    public func stream(maxBytes: Int = .max, pace: BodyPace? = nil) -> RequestBodyStream {
        condition.lock()
        defer { condition.unlock() }
        _ = begin(BodyTerms(maxBytes: maxBytes, pace: pace))
        return RequestBodyStream(body: self)
    }

    /// Fixes the terms of the first read; false for a second read. A body in memory that is larger than
    /// the limit fails as the connection would fail it (413).
    private func begin(_ asked: BodyTerms) -> Bool {
        guard terms == nil else { return false }
        terms = asked
        if wake == nil, case .some(nil) = end, buffered > asked.maxBytes { settle(.refused(status: 413)) }
        return true
    }

    func next() throws(Failure) -> [UInt8]? {
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
                if buffered <= highWater / 2 { wakeProducer() }
                return chunk
            }
            if case .some(.none) = end { return nil }
            wakeProducer()
            condition.wait()
        }
    }

    /// Restarts a stopped connection. A stream's consumer does so once it has room (below half of
    /// `highWater`): hysteresis, so the loop is not woken for every chunk.
    private func wakeProducer() {
        guard producerWaits, let wake, let terms else { return }
        producerWaits = false
        wake(terms)
    }

    // MARK: The connection (on its event loop)

    /// The connection's wake-up: restarts its reading with the body's terms.
    func attach(wake: @escaping @Sendable (BodyTerms) -> Void) {
        condition.lock()
        defer { condition.unlock() }
        guard case .none = end else { return }
        self.wake = wake
    }

    /// Queues a piece of the body. Returns false when a stream's consumer is behind: read nothing more
    /// until `wake` runs.
    func append(_ chunk: [UInt8]) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard case .none = end else { return true }
        if !chunk.isEmpty {
            chunks.append(chunk)
            buffered += chunk.count
            condition.signal()
        }
        if buffered >= highWater && collector == nil { producerWaits = true }
        return !producerWaits
    }

    /// The body is complete.
    func finish() {
        condition.lock()
        close(with: nil)
        unlockDelivering()
    }

    /// The body will never be complete; buffered bytes are dropped.
    func fail(_ failure: Failure) {
        condition.lock()
        close(with: failure)
        unlockDelivering()
    }

    private func close(with failure: Failure?) {
        guard case .none = end else { return }
        settle(failure)
    }

    /// Ends the body: complete (nil) or failed, whatever it was before.
    private func settle(_ failure: Failure?) {
        end = .some(failure)
        if failure != nil {
            chunks = []
            first = 0
            buffered = 0
        }
        wake = nil
        deliverIfEnded()
        condition.broadcast()
    }

    /// Makes ready the call of `read`'s handler with the collected body (or its failure), once; the caller
    /// runs it after unlocking (`unlockDelivering`).
    private func deliverIfEnded() {
        guard let handler = collector, case .some(let failure) = end else { return }
        collector = nil
        let thread = collectorThread
        if let failure {
            delivery = { Self.run(on: thread) { handler(.failure(failure)) } }
            return
        }
        let whole = chunks.count == 1 ? chunks[0] : Array(chunks.joined())
        chunks = []
        first = 0
        buffered = 0
        delivery = { Self.run(on: thread) { handler(.success(whole)) } }
    }

    /// Releases the lock, then calls the handler if the body ended meanwhile: never under this body's lock.
    private func unlockDelivering() {
        let ready = delivery
        delivery = nil
        condition.unlock()
        ready?()
    }

    /// Handlers that may block never run on an event loop: a bounded pool of their own.
    private static let workers = BlockingPool(name: "http-body", maxThreads: 16)

    private static func run(on thread: HandlerThread, _ work: @escaping @Sendable () -> Void) {
        switch thread {
        case .worker: workers.run(work)
        case .inline: work()
        }
    }
}
