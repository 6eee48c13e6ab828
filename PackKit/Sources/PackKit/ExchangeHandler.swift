import Foundation

/// One request in flight: what to do with its head and body, and the continuation its caller waits on.
/// Called on URLSession's serial delegate queue; the lock makes the hand-over to the caller race-free.
final class ExchangeHandler: Sendable {
    /// Sees the head; false skips the body (the task is cancelled and the exchange ends normally).
    let onResponse: @Sendable (ResponseHead) -> Bool
    /// Sees each piece of the body; a throw cancels the task and becomes the exchange's error.
    let onData: @Sendable (Data) throws -> Void

    private struct State {
        var head: ResponseHead?
        var skippedBody = false
        var bodyError: (any Error)?
        var continuation: CheckedContinuation<Exchange, any Error>?
    }

    private let state = Locked(State())

    init(onResponse: @escaping @Sendable (ResponseHead) -> Bool, onData: @escaping @Sendable (Data) throws -> Void) {
        self.onResponse = onResponse
        self.onData = onData
    }

    func attach(_ continuation: CheckedContinuation<Exchange, any Error>) {
        state.withLock { $0.continuation = continuation }
    }

    /// Returns whether to read the body.
    func receive(_ head: ResponseHead) -> Bool {
        state.withLock { $0.head = head }
        let wanted = onResponse(head)
        if !wanted { state.withLock { $0.skippedBody = true } }
        return wanted
    }

    /// Returns false when the task must be cancelled.
    func receive(_ data: Data) -> Bool {
        // After a `.cancel` disposition some URL loaders still deliver what they had buffered: not ours.
        guard !state.withLock({ $0.skippedBody || $0.bodyError != nil }) else { return false }
        do {
            try onData(data)
            return true
        } catch {
            state.withLock { $0.bodyError = error }
            return false
        }
    }

    func complete(error: (any Error)?) {
        let (continuation, result): (CheckedContinuation<Exchange, any Error>?, Result<Exchange, any Error>) = state.withLock {
            state in
            defer { state.continuation = nil }
            if let bodyError = state.bodyError { return (state.continuation, .failure(bodyError)) }
            if let head = state.head, state.skippedBody { return (state.continuation, .success(Exchange(head: head, bodyRead: false))) }
            if let error { return (state.continuation, .failure(error)) }
            guard let head = state.head else {
                return (state.continuation, .failure(URLError(.badServerResponse)))
            }
            return (state.continuation, .success(Exchange(head: head, bodyRead: true)))
        }
        continuation?.resume(with: result)
    }
}

/// How a request ended: its head, and whether its body was read to the end.
struct Exchange: Sendable {
    var head: ResponseHead
    var bodyRead: Bool
}
