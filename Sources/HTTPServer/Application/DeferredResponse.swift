import Synchronization

/// A response the application gives later, from any thread: `respond(to:)` returns
/// `HTTPResponse.deferred(handle)` and the work that must not run on an event loop calls
/// `handle.complete(_:)` once it is done. Completing wakes the connection's loop, which sends the response;
/// requests pipelined behind it wait, so responses keep their order.
///
/// If the connection closes first (the client went away, a timeout, shutdown), completing does nothing.
/// If a streamed body is still arriving when the response is completed, the response is sent at once and
/// the connection closes after it (the rest of the body is not read; see `RequestBodyStream`).
public final class DeferredResponse: Sendable {
    private enum State: Sendable {
        case waiting
        /// The connection is waiting; this hands the response to its loop.
        case attached(@Sendable (HTTPResponse) -> Void)
        /// Completed before the connection started waiting.
        case completed(HTTPResponse)
        case finished
    }

    private let state = Mutex(State.waiting)

    public init() {}

    /// Sends `response`. Only the first call counts. Safe from any thread; never blocks on the loop.
    public func complete(_ response: HTTPResponse) {
        precondition(response.deferral == nil, "a deferred response completes with a final response")
        let deliver: (@Sendable (HTTPResponse) -> Void)? = state.withLock { state in
            switch state {
            case .waiting:
                state = .completed(response)
                return nil
            case .attached(let deliver):
                state = .finished
                return deliver
            case .completed, .finished:
                return nil
            }
        }
        deliver?(response)
    }

    /// A handle completed with `transform(response)` when this one is completed with `response`, on the
    /// thread that completes this one (or at once, if this one is already complete).
    func finishing(with transform: @escaping @Sendable (HTTPResponse) -> HTTPResponse) -> DeferredResponse {
        let finished = DeferredResponse()
        if let response = attach({ finished.complete(transform($0)) }) { finished.complete(transform(response)) }
        return finished
    }

    /// On the loop: the response if it is already complete, else nil and `deliver` runs on completion.
    func attach(_ deliver: @escaping @Sendable (HTTPResponse) -> Void) -> HTTPResponse? {
        state.withLock { state in
            switch state {
            case .waiting:
                state = .attached(deliver)
                return nil
            case .completed(let response):
                state = .finished
                return response
            case .attached, .finished:
                return nil
            }
        }
    }

    /// The connection is gone: a later completion goes nowhere (and the connection is no longer retained).
    func cancel() {
        state.withLock { $0 = .finished }
    }
}
