import Dispatch
import Testing

@testable import HTTPServer

/// `RequestBody` on its own (a body already in memory): the limit of the first read, one read per body,
/// and the whole body handed to a worker.
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
}
