import Dispatch
import Testing

@testable import HTTPServer

/// `RequestBody` on its own (a body in memory, or fed as the connection would): the limit of the first read,
/// one read per body, and the whole body handed to a worker or, asked for, to the thread that ended it.
@Suite struct RequestBodyTests {
    /// `read`'s outcome, waited for (the handler runs on a worker thread).
    static func read(_ body: RequestBody, upTo limit: Int) -> Result<[UInt8], RequestBody.Failure>? {
        let done = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        body.read(upTo: limit) { result in
            outcome.set(result)
            done.signal()
        }
        guard done.wait(timeout: .now() + 5) == .success else { return nil }
        return outcome.get()
    }

    final class Outcome: @unchecked Sendable {
        private let lock = DispatchSemaphore(value: 1)
        private var value: Result<[UInt8], RequestBody.Failure>?
        func set(_ result: Result<[UInt8], RequestBody.Failure>) { lock.wait(); value = result; lock.signal() }
        func get() -> Result<[UInt8], RequestBody.Failure>? { lock.wait(); defer { lock.signal() }; return value }
    }

    @Test func aWholeReadGetsTheBytes() {
        #expect(Self.read(RequestBody(bytes: [1, 2, 3]), upTo: 3) == .success([1, 2, 3]))
        #expect(Self.read(RequestBody(bytes: []), upTo: 0) == .success([]))
    }

    @Test func aBodyOverTheLimitFailsAsTheServerWouldAnswerIt() {
        #expect(Self.read(RequestBody(bytes: [1, 2, 3]), upTo: 2) == .failure(.refused(status: 413)))
        let stream = RequestBody(bytes: [1, 2, 3]).stream(maxBytes: 2)
        #expect(throws: RequestBody.Failure.refused(status: 413)) { try stream.next() }
    }

    @Test func aBodyIsReadOnce() throws {
        let body = RequestBody(bytes: [7])
        #expect(Self.read(body, upTo: 10) == .success([7]))
        #expect(Self.read(body, upTo: 10) == .failure(.abandoned))
    }

    @Test func aStreamGivesThePiecesThenTheEnd() throws {
        let stream = RequestBody(bytes: [4, 5]).stream()
        #expect(stream.contentLength == 2)
        #expect(try stream.next() == [4, 5])
        #expect(try stream.next() == nil)
    }

    /// `.inline`: the handler runs on the thread that ends the body, before `finish` returns, and outside the
    /// body's lock (it may touch the body again: a second read is refused, not deadlocked).
    @Test func anInlineHandlerRunsWhereTheBodyEndsOutsideItsLock() {
        let body = RequestBody(contentLength: 3)
        let outcome = Outcome()
        let second = Outcome()
        let secondArrived = DispatchSemaphore(value: 0)
        body.read(upTo: 3, on: .inline) { result in
            outcome.set(result)
            DispatchQueue.global().async {
                body.read(upTo: 3, on: .inline) { second.set($0) }
                secondArrived.signal()
            }
            _ = secondArrived.wait(timeout: .now() + 5)
        }
        #expect(outcome.get() == nil, "nothing before the body ends")
        _ = body.append([1, 2])
        _ = body.append([3])
        #expect(outcome.get() == nil)
        body.finish()
        #expect(outcome.get() == .success([1, 2, 3]), "delivered before finish returned")
        #expect(second.get() == .failure(.abandoned), "the lock was free inside the handler")
    }
}
