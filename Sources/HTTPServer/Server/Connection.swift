import CSocketShims
import Logging
import Sockets

/// The I/O shell of one client connection: it owns the socket's transport, the bytes owed to the peer
/// and the accounting of responses, and carries out what the connection's state machine
/// (`ConnectionMachine`) decides. Every decision — what to read, when to answer, when to close, which
/// timeout applies — is the machine's; this class only turns actions into system calls and calls into
/// the application, and reports each outcome back as the next event.
///
/// All state is confined to the owning event loop's thread (hence `@unchecked Sendable`). The socket is
/// registered edge-triggered for both directions: an event means "something changed", so the machine
/// reads until the socket is empty (or a response blocks), and after a blocked response drains it reads
/// again without waiting for an event that will not come.
///
/// The application may make the connection wait (docs/http.md "Request bodies and deferred responses"): a
/// `DeferredResponse` and the reads of a `RequestBody` wake it through `ConnectionHost.execute`.
final class Connection: @unchecked Sendable {
    let socket: Int32
    let transport: any Transport
    private let isSecure: Bool
    private let shortReadMeansEmpty: Bool
    unowned let host: any ConnectionHost
    /// The host's, copied once: read through the host for every request, the struct was copied each time.
    let configuration: HTTPServerConfiguration
    // Unchecked: every access is on the loop's thread and none overlaps another (the machine calls
    // nothing that comes back into the connection); the dynamic checks cost about 150 instructions a
    // request (scripts/bench-hotpath).
    @exclusivity(unchecked) private var machine: ConnectionMachine
    @exclusivity(unchecked) var outbound = OutboundQueue()
    @exclusivity(unchecked) var client: ConnectionClient
    /// The response being written, for the access log and the traffic counters.
    var inFlight: InFlightResponse?
    var bytesWritten: Int64 = 0
    private let writeSlice: Int64

    /// - Parameters:
    ///   - socket: the descriptor the host closes when the connection ends.
    ///   - transport: plaintext or TLS, chosen by the listener that accepted the socket.
    ///   - readsProxyHeader: the listener has `proxyProtocol`: the connection starts with a PROXY header.
    init(socket: Int32, transport: any Transport, host: any ConnectionHost, readsProxyHeader: Bool = false) {
        self.socket = socket
        self.host = host
        configuration = host.configuration
        self.transport = transport
        isSecure = transport is TLSTransport
        shortReadMeansEmpty = transport.shortReadMeansEmpty
        client = ConnectionClient(
            socket: socket, isSecure: isSecure, trustedProxies: configuration.trustedProxies,
            readsProxyHeader: readsProxyHeader)
        writeSlice = Int64(max(1, configuration.writeSliceBytes))
        machine = ConnectionMachine(
            limits: ConnectionLimits(configuration), acceptedAt: host.now(), readsProxyHeader: readsProxyHeader)
    }

    /// Handles the readiness bits epoll reported for this socket.
    func handle(events: UInt32) {
        if events & UInt32(CSOCKET_EPOLLERR) != 0 { return run(.closeRequested(orderly: false)) }
        if events & UInt32(CSOCKET_EPOLLRDHUP | CSOCKET_EPOLLHUP) != 0 { _ = machine.handle(.peerHungUp, at: 0) }
        // The PROXY header and the handshake take one step per event, whichever direction it reports.
        if machine.isOpening { return run(.readable) }
        if events & UInt32(CSOCKET_EPOLLOUT) != 0 { run(.writable) }
        if events & UInt32(CSOCKET_EPOLLIN | CSOCKET_EPOLLRDHUP | CSOCKET_EPOLLHUP) != 0 { run(.readable) }
    }

    /// The loop's turn came back to a connection that yielded (`ConnectionHost.continueLater`).
    func continueWriting() { run(.writable) }

    var isIdle: Bool { machine.isIdle }

    /// The timeout this connection breaks at `now`, if any.
    func expiry(at now: Int64) -> ConnectionMachine.Expiry? { machine.expiry(at: now) }

    /// Applies the timeout rules at `now` (the loop's sweep).
    func enforceTimeouts(at now: Int64) { run(.timerFired, at: now) }

    /// On shutdown: idle and lingering connections close now, busy ones after their current response.
    func beginDrain() { run(.drainBegun) }

    /// Closes now (the drain deadline, the loop stopping). An orderly close lets TLS send close_notify.
    func close(orderly: Bool = true) { run(.closeRequested(orderly: orderly)) }

    // MARK: Carrying out actions

    private func run(_ event: ConnectionEvent, at time: Int64? = nil) {
        // One reading of the clock per event from the loop: the machine's timeouts count whole seconds.
        let now = time ?? host.now()
        var action = machine.handle(event, at: now)
        // The outcomes of reads, writes and calls into the application go to the machine's entry points
        // directly, not through a `ConnectionEvent`: they are the events of every request.
        while true {
            switch action {
            case .wait:
                return
            case .read:
                action = receive(at: now)
            case .readProxyHeader:
                action = machine.handle(.proxyHeader(receiveProxyHeader()), at: now)
            case .handshake:
                let progress = transport.handshake()
                if progress == .done, isSecure { host.traffic?.tlsHandshakeCompleted() }
                action = machine.handle(.handshake(progress), at: now)
            case .flush:
                action = flush(at: now)
            case .callApplication(let request):
                action = callApplication(request, at: now)
            case .send(let response, let request, let keepAlive):
                send(response, to: request, keepAlive: keepAlive)
                action = flush(at: now)
            case .sendContinue:
                outbound.append(head: Self.continueResponse, body: nil)
                action = flush(at: now)
            case .refuse(let error):
                refuse(error)
                action = flush(at: now)
            case .refuseProxy(let refusal):
                host.proxyHeaderRefused(refusal, peer: client.peerAddress)
                return finish(orderly: false)
            case .handshakeFailed:
                host.traffic?.tlsHandshakeFailed()
                return finish(orderly: false)
            case .startLingering:
                transport.finishSending()
                action = receive(at: now)
            case .yield:
                return host.continueLater(self)
            case .close(let orderly):
                return finish(orderly: orderly)
            }
        }
    }

    private func receive(at now: Int64) -> ConnectionAction {
        let buffer = host.readBuffer
        switch transport.receive(into: buffer) {
        case .bytes(let n):
            // Over TLS a short read proves nothing: one read yields one record while more may wait.
            return machine.received(
                UnsafeRawBufferPointer(rebasing: buffer[0..<n]),
                socketMayHoldMore: n == buffer.count || !shortReadMeansEmpty, at: now)
        case .wouldBlock: return .wait
        case .endOfStream: return machine.endOfStream()
        case .failed: return machine.handle(.readFailed, at: now)
        }
    }

    /// Takes the PROXY header off the socket, from a trusted proxy only.
    private func receiveProxyHeader() -> ProxyHeaderReceiver.Outcome {
        guard client.peerIsTrustedProxy() else { return .refused(.untrustedPeer) }
        let outcome = ProxyHeaderReceiver.receive(from: socket, into: host.readBuffer, peerClosed: machine.peerClosed)
        if case .received(let header) = outcome { client.proxyHeaderReceived(header) }
        return outcome
    }

    private func callApplication(_ request: RequestInProgress, at now: Int64) -> ConnectionAction {
        let head = request.head
        // The application's reads of the body wake this connection through the loop; the body lets go of
        // the closure (and so of the connection) once it ends or fails.
        request.body?.attach { [self] terms in host.execute { [self] in run(.consumerAsked(terms)) } }
        let response = host.responder.respond(
            to: HTTPRequest(head: head, body: request.body, origin: client.origin(for: head)))
        // A deferred response's time (the access log's rt) counts the application's work; an immediate
        // one's, as always, its sending.
        let startedAt = System.monotonicNanoseconds()
        guard let promised = response.deferral else { return machine.answered(response, startedAt: startedAt, at: now) }
        let ready = promised.attach { [self] response in
            host.execute { [self] in run(.deferredAnswered(response, promised)) }
        }
        // One completed before `respond(to:)` even returned is sent at once, like a synchronous one.
        if let ready { return machine.answered(ready, startedAt: startedAt, at: now) }
        return machine.handle(.deferred(promised, startedAt: startedAt), at: now)
    }

    private func flush(at now: Int64) -> ConnectionAction {
        let before = bytesWritten
        let result = outbound.flush(to: transport, written: &bytesWritten, budget: writeSlice)
        if result == .drained { finishInFlight() }
        return machine.wrote(result, progressed: bytesWritten != before, at: now)
    }

    private static let continueResponse = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// Closes: the machine is closed already. Pending bytes are dropped; a response under way is logged
    /// as aborted.
    private func finish(orderly: Bool) {
        finishInFlight(aborted: true)
        if orderly { transport.willClose() }
        outbound = OutboundQueue()
        host.remove(self)
    }
}
