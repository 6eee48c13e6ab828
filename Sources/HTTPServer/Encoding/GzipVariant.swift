import Synchronization

/// The gzip-coded bytes of one document, made once. Small documents are compressed when the variant is
/// made; large ones on a `LowPriorityWorker` when the first request that prefers gzip asks for them, and until
/// they are ready the identity bytes are sent (always acceptable, RFC 9110 §12.5.3). So a new release goes
/// live without waiting for compression, and a server holding many large documents (every view of twenty
/// channels) compresses only those clients ask for, not all of them at start-up.
final class GzipVariant: Sendable {
    /// Bodies up to this size are compressed at once, on the caller's thread (about a millisecond).
    static let immediateLimit = 64 * 1024

    private enum State {
        /// Not asked for yet: the body (shared with the identity representation, not a copy) and where to
        /// compress it.
        case waiting([UInt8], LowPriorityWorker)
        case compressing
        /// Nil if zlib failed.
        case done([UInt8]?)
    }

    private let state: Mutex<State>

    /// - Parameter worker: where large bodies are compressed; nil compresses every body at once.
    init(of body: [UInt8], worker: LowPriorityWorker?) {
        guard let worker, body.count > Self.immediateLimit else {
            state = Mutex(.done(Gzip.compress(body)))
            return
        }
        state = Mutex(.waiting(body, worker))
    }

    /// Whether no request has asked for the compressed bytes yet (so none is being made).
    var isUnasked: Bool {
        state.withLock { state in
            if case .waiting = state { return true }
            return false
        }
    }

    /// The compressed bytes, or nil while they are being made (the first call starts that) or if zlib failed.
    var bytes: [UInt8]? {
        let start: ([UInt8], LowPriorityWorker)? = state.withLock { state in
            guard case .waiting(let body, let worker) = state else { return nil }
            state = .compressing
            return (body, worker)
        }
        if let (body, worker) = start {
            worker.submit { [self] in
                let compressed = Gzip.compress(body)
                state.withLock { $0 = .done(compressed) }
            }
            return nil
        }
        return state.withLock { state in
            if case .done(let bytes) = state { return bytes }
            return nil
        }
    }
}
