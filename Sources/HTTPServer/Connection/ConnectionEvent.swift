import Sockets

/// What happens to a connection: readiness from epoll, the outcome of an action the I/O shell carried
/// out, the application's answers and the loop's clock and drain. Each goes to
/// `ConnectionMachine.handle(_:at:)` with the time it happened.
enum ConnectionEvent {
    /// Input may be waiting (epoll's EPOLLIN).
    case readable
    /// The socket takes bytes again (EPOLLOUT), or the loop's turn came back to a connection that yielded.
    case writable
    /// The peer shut its side (EPOLLRDHUP/EPOLLHUP): its last bytes and the end of stream may sit in the
    /// socket together, and no further edge will announce them.
    case peerHungUp
    /// What the PROXY header receiver found (`.readProxyHeader`).
    case proxyHeader(ProxyHeaderReceiver.Outcome)
    /// How far the handshake came (`.handshake`).
    case handshake(HandshakeProgress)
    /// Bytes read. `socketMayHoldMore`: the read filled the buffer, or the transport cannot tell (TLS).
    case received(UnsafeRawBufferPointer, socketMayHoldMore: Bool)
    case readWouldBlock
    case endOfStream
    case readFailed
    /// What a write of the owed bytes did; `progressed` if any byte left.
    case wrote(OutboundQueue.FlushResult, progressed: Bool)
    /// The application answered at once (`.callApplication`).
    case answered(HTTPResponse, startedAt: UInt64)
    /// The application will answer later through `DeferredResponse`.
    case deferred(DeferredResponse, startedAt: UInt64)
    /// A `DeferredResponse` was completed (on the loop, woken from the application's thread).
    case deferredAnswered(HTTPResponse, DeferredResponse)
    /// The application reads the body: its first read (with the terms it asked for), or a stream's consumer
    /// wanting bytes again.
    case consumerAsked(BodyTerms)
    /// The loop's sweep: check this state's timeout.
    case timerFired
    /// The server drains for shutdown.
    case drainBegun
    /// The shell closes the connection (the drain deadline, the loop stopping, an epoll error).
    case closeRequested(orderly: Bool)
}
