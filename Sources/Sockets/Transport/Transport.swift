import Glibc

/// The outcome of one non-blocking socket operation.
package enum IOResult: Equatable {
    /// This many bytes moved (never 0 for writes).
    case bytes(Int)
    /// The socket is not ready; wait for readiness and try again (EAGAIN, or TLS wanting the other
    /// direction: a TLS write may need to read, which an edge for either direction resumes).
    case wouldBlock
    /// The peer closed its side (a read of 0 bytes, or TLS close_notify), or a file being sent ended early.
    case endOfStream
    case failed(errno: Int32)
}

/// How far a transport's opening handshake has come.
package enum HandshakeProgress: Equatable {
    case done
    case wouldBlock
    case failed
}

/// The seam between the connection state machine and the bytes on the wire: plaintext TCP or TLS. The
/// parser and the responders never see it. Connections receive theirs when they are made (from the
/// listener that accepted them), and tests drive a connection through an in-memory one.
package protocol Transport {
    /// Whether a read that returned less than asked for proves the socket is empty. True for plain
    /// TCP; false for TLS, where one read yields at most one record while more may wait in the socket,
    /// and edge-triggered epoll will not announce them again.
    var shortReadMeansEmpty: Bool { get }
    /// Advances the opening handshake (TLS); plaintext is done at once.
    func handshake() -> HandshakeProgress
    /// Reads what is available into `buffer`.
    func receive(into buffer: UnsafeMutableRawBufferPointer) -> IOResult
    /// Writes from several buffers at once. `more` tells the kernel further bytes follow immediately
    /// (MSG_MORE), so a response head and the first file bytes leave in one segment.
    func send(_ buffers: UnsafeBufferPointer<iovec>, more: Bool) -> IOResult
    /// Sends `count` bytes of the open file `descriptor` from `offset` (advanced by what was sent).
    func sendFile(_ descriptor: Int32, offset: inout Int64, count: Int64) -> IOResult
    /// Ends our direction of the connection (with TLS, close_notify first) while still reading.
    func finishSending()
    /// Called before an orderly close: TLS sends close_notify so the peer can tell the end from a cut.
    func willClose()
}
