import Glibc

/// The outcome of one non-blocking socket operation.
enum IOResult: Equatable {
    /// This many bytes moved (never 0 for writes).
    case bytes(Int)
    /// The socket is not ready; wait for readiness and try again (EAGAIN).
    case wouldBlock
    /// The peer closed its side (a read of 0 bytes), or a file being sent ended early.
    case endOfStream
    case failed(errno: Int32)
}

/// The seam between the connection state machine and the bytes on the wire. The parser and the
/// responders never see it, so TLS (through OpenSSL, with file bodies sent through SSL_write or kTLS) can
/// replace the plaintext transport without touching them.
protocol Transport {
    /// Reads what is available into `buffer`.
    func receive(into buffer: UnsafeMutableRawBufferPointer) -> IOResult
    /// Writes from several buffers at once. `more` tells the kernel further bytes follow immediately
    /// (MSG_MORE), so a response head and the first file bytes leave in one segment.
    func send(_ buffers: UnsafeBufferPointer<iovec>, more: Bool) -> IOResult
    /// Sends `count` bytes of `file` from `offset` (advanced by what was sent).
    func sendFile(_ file: OpenFile, offset: inout Int64, count: Int64) -> IOResult
    /// Ends our direction of the connection (a FIN; with TLS, close_notify first) while still reading.
    func finishSending()
}
