import Synchronization

/// The gzip-coded bytes of one document, made once. Small documents are compressed when the variant is
/// made; large ones on a `LowPriorityWorker`, and until they are ready the identity bytes are sent (always
/// acceptable, RFC 9110 §12.5.3), so a new release goes live without waiting for compression.
final class GzipVariant: Sendable {
    /// Bodies up to this size are compressed at once, on the caller's thread (about a millisecond).
    static let immediateLimit = 64 * 1024

    private let state = Mutex<[UInt8]?>(nil)

    /// - Parameter worker: where large bodies are compressed; nil compresses every body at once.
    init(of body: [UInt8], worker: LowPriorityWorker?) {
        guard let worker, body.count > Self.immediateLimit else {
            state.withLock { $0 = Gzip.compress(body) }
            return
        }
        worker.submit { [self] in
            let compressed = Gzip.compress(body)
            state.withLock { $0 = compressed }
        }
    }

    /// The compressed bytes, or nil while they are being made (or if zlib failed).
    var bytes: [UInt8]? { state.withLock { $0 } }
}
