import Sockets

/// One HTTP/1.1 connection as a value: events in (`ConnectionEvent`), actions out (`ConnectionAction`).
///
/// Pure: it reads no clock (every event comes with the time, whole seconds on a monotonic clock), makes no
/// system call and starts no thread, so every pair of state and event is tested as a table with a manual
/// clock. `Connection` is the I/O shell that carries the actions out on a socket. The only objects it
/// touches are its own `RequestInProgress` records and the application's side of a request: the
/// `RequestBody` it hands over (given bytes, finished or failed) and a `DeferredResponse` it will no longer
/// wait for (cancelled).
///
/// The fields are internal, not private, because the machine's extensions live in files of their own; the
/// table tests also set `state` directly, to start the machine in each state.
///
/// Requests are handled one at a time: while a response is being written or the application is working,
/// nothing is read, so a client that pipelines or stops reading cannot make the server buffer without
/// bound, and responses leave in the order of their requests (RFC 9112 §9.3.2).
struct ConnectionMachine {
    let limits: ConnectionLimits
    var state: ConnectionState
    /// Received bytes not yet parsed (a partial head, pipelined requests, body bytes that came with a
    /// head). Empty while idle, so idle connections hold no buffer.
    var inbound: [UInt8] = []
    /// The peer has shut down its side: read on to the end of stream, not stop at a short read.
    var peerClosed = false
    /// Responses carry `Connection: close`, and a connection closes once its current one is out.
    var isDraining = false
    /// Whether a read may find bytes no new edge will announce: the last read filled the buffer (or the
    /// transport cannot tell), or reading paused while bytes may have arrived.
    var readMayFindMore = true

    /// - Parameter readsProxyHeader: the listener has `proxyProtocol`: a PROXY header comes first.
    init(limits: ConnectionLimits, acceptedAt now: Int64, readsProxyHeader: Bool = false) {
        self.limits = limits
        // The header timeout counts from accept, so a PROXY header or a TLS handshake that stalls is cut
        // off like a trickled head.
        state = readsProxyHeader ? .awaitingProxyHeader(since: now) : .handshaking(since: now)
    }

    mutating func handle(_ event: ConnectionEvent, at now: Int64) -> ConnectionAction {
        switch event {
        case .readable: return readable()
        case .writable: return writable()
        case .peerHungUp:
            peerClosed = true
            return .wait
        case .proxyHeader(let outcome): return proxyHeader(outcome)
        case .handshake(let progress): return handshake(progress)
        case .received(let bytes, let more): return received(bytes, socketMayHoldMore: more, at: now)
        case .readWouldBlock: return .wait
        case .endOfStream: return endOfStream()
        case .readFailed: return closeNow(orderly: false)
        case .wrote(let result, let progressed): return wrote(result, progressed: progressed, at: now)
        case .answered(let response, let startedAt): return answered(response, startedAt: startedAt, at: now)
        case .deferred(let promised, let startedAt): return deferred(promised, startedAt: startedAt)
        case .deferredAnswered(let response, let promised): return deferredAnswered(response, for: promised, at: now)
        case .consumerAsked(let terms): return consumerAsked(terms, at: now)
        case .timerFired: return timerFired(at: now)
        case .drainBegun: return drainBegun()
        case .closeRequested(let orderly): return closeNow(orderly: orderly)
        }
    }

    /// Before the first request: the PROXY header and the handshake take every event, whatever its bits.
    var isOpening: Bool {
        switch state {
        case .awaitingProxyHeader, .handshaking: true
        default: false
        }
    }

    /// No request in progress and nothing owed: closes at once when the server drains.
    var isIdle: Bool {
        switch state {
        case .idle: true
        case .readingHead: inbound.isEmpty
        default: false
        }
    }

    var isClosed: Bool {
        if case .closed = state { return true }
        return false
    }

    // MARK: Readiness

    private mutating func readable() -> ConnectionAction {
        readMayFindMore = true
        switch state {
        case .awaitingProxyHeader: return .readProxyHeader
        case .handshaking: return .handshake
        case .idle, .readingHead, .readingBody, .lingering: return .read
        case .bodyUnread, .awaitingConsumer, .awaitingResponse, .writing, .closed: return .wait
        }
    }

    private func writable() -> ConnectionAction {
        switch state {
        case .awaitingProxyHeader: .readProxyHeader
        case .handshaking: .handshake
        case .writing: .flush
        case .idle, .readingHead, .bodyUnread, .readingBody, .awaitingConsumer, .awaitingResponse, .lingering,
             .closed:
            .wait
        }
    }

    // MARK: Opening

    private mutating func proxyHeader(_ outcome: ProxyHeaderReceiver.Outcome) -> ConnectionAction {
        guard case .awaitingProxyHeader(let since) = state else { return .wait }
        switch outcome {
        case .waiting:
            return .wait
        case .refused(let refusal):
            state = .closed
            return .refuseProxy(refusal)
        case .received:
            // The handshake's (or the first request's) bytes may have come with the header: no further
            // edge will announce them.
            state = .handshaking(since: since)
            return .handshake
        }
    }

    private mutating func handshake(_ progress: HandshakeProgress) -> ConnectionAction {
        guard case .handshaking(let since) = state else { return .wait }
        switch progress {
        case .done:
            // Whatever event finished the handshake, the request may already be waiting.
            state = .readingHead(since: since)
            readMayFindMore = true
            return .read
        case .wouldBlock where !peerClosed:
            return .wait
        case .wouldBlock, .failed:
            // The peer hung up, or sent something that is not a TLS handshake (plaintext HTTP, say).
            state = .closed
            return .handshakeFailed
        }
    }
}
