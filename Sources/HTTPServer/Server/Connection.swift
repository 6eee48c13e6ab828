import CSocketShims
import Logging

/// One client connection: reads requests, asks the responder, writes responses in order.
///
/// All state is confined to the owning event loop's thread (hence `@unchecked Sendable`). Requests are
/// handled one at a time: while a response cannot be written completely, reading stops, so a client that
/// pipelines or stops reading cannot make the server buffer without bound.
///
/// The socket is registered edge-triggered for both directions: an event means "something changed", so
/// reading continues until the socket is empty (or a response blocks), and after a blocked response
/// drains, reading resumes without waiting for an event that will not come again.
///
/// The application may also make the connection wait (docs/http.md "Streamed request bodies and deferred
/// responses"): for a `DeferredResponse` (no further request is read until it is completed) or for the
/// consumer of a streamed body (no further body byte is read until it asks). Both wake the connection
/// through `ConnectionHost.execute`, and reading then resumes where it stopped, as after a drain.
final class Connection: @unchecked Sendable {
    private enum Phase {
        /// A listener with `proxyProtocol`: the PROXY header comes first, before the handshake.
        case awaitingProxyHeader
        /// The transport's opening handshake (TLS); plaintext passes through at the first event.
        case handshaking
        case awaitingHead
        case readingBody(HTTPRequestHead, RequestBodyReader)
        /// No further requests are read; the connection closes once the outbound queue drains.
        case closing
        /// The final response is out and our side is shut down, but the client may still be sending a
        /// body we refused to read. Closing now would answer those bytes with a reset, which can destroy
        /// the response before the client reads it; so input is read and dropped until the peer closes
        /// or the linger time ends (what nginx calls a lingering close).
        case lingering
    }

    /// A request whose response the application will give later.
    private struct Awaited {
        var head: HTTPRequestHead
        var response: DeferredResponse
        var startedAt: UInt64
    }

    private struct InFlight {
        var head: HTTPRequestHead
        var status: Int
        var route: RouteLabel
        var startedAt: UInt64
        /// `bytesWritten` when the response's body begins (after its head).
        var bodyStart: Int64
    }

    let socket: Int32
    private let transport: any Transport
    /// What requests learn of their connection (`HTTPRequest.origin`); the client a PROXY header named,
    /// once it is read.
    private var connectionOrigin: RequestOrigin
    /// The socket's peer is a proxy whose `X-Forwarded-For` may name each request's client: trusted
    /// proxies are configured and this listener reads no PROXY header (docs/http.md "Client address behind
    /// a proxy"). False by default, so requests on plain listeners pay one test of this flag.
    private let readsForwardedFor: Bool
    private unowned let loop: any ConnectionHost
    /// The host's, copied once: read through the host for every request, the struct was copied each time.
    private let configuration: HTTPServerConfiguration
    private var phase = Phase.handshaking
    /// Received bytes not yet parsed (a partial head or pipelined requests). Empty while idle, so idle
    /// connections hold no buffer.
    private var inbound: [UInt8] = []
    private var outbound = OutboundQueue()
    private var inFlight: InFlight?
    private var bytesWritten: Int64 = 0
    private var isClosed = false
    /// True while a response is blocked on a full socket: requests wait until it drains.
    private var readingPaused = false
    /// The peer has shut down its side (epoll reported RDHUP/HUP). Its last bytes and the end of stream
    /// may sit in the socket together, and no further edge will announce them: reading must go on until
    /// the end of stream is seen, not stop at the first short read.
    private var peerClosed = false
    /// The response that ends this connection refused a request without reading all of it.
    private var lingersAfterClosing = false
    /// The current request's `DeferredResponse`, until it is completed.
    private var awaited: Awaited?
    /// A streamed body's consumer is behind or has not asked yet: body bytes wait in the socket.
    private var bodyPaused = false
    /// `100 Continue` is sent when a streamed body's consumer first asks for bytes.
    private var continueOwed = false
    private(set) var timeouts: ConnectionTimeouts

    /// - Parameters:
    ///   - socket: the descriptor the host closes when the connection ends.
    ///   - transport: plaintext or TLS, chosen by the listener that accepted the socket.
    ///   - readsProxyHeader: the listener has `proxyProtocol`: the connection starts with a PROXY header.
    init(socket: Int32, transport: any Transport, host: any ConnectionHost, readsProxyHeader: Bool = false) {
        self.socket = socket
        self.loop = host
        configuration = host.configuration
        self.transport = transport
        connectionOrigin = RequestOrigin(socket: socket, isSecure: transport is TLSTransport)
        readsForwardedFor = !readsProxyHeader && !configuration.trustedProxies.isEmpty
        if readsProxyHeader { phase = .awaitingProxyHeader }
        // The header timeout counts from accept, so a PROXY header or a TLS handshake that stalls is cut
        // off like a trickled head.
        timeouts = ConnectionTimeouts(acceptedAt: host.now())
    }

    /// Handles the readiness bits epoll reported for this socket.
    func handle(events: UInt32) {
        if events & UInt32(CSOCKET_EPOLLERR) != 0 {
            close(orderly: false)
            return
        }
        if events & UInt32(CSOCKET_EPOLLRDHUP | CSOCKET_EPOLLHUP) != 0 { peerClosed = true }
        switch phase {
        case .awaitingProxyHeader:
            guard receiveProxyHeader() else { return }
            // The handshake's (or the first request's) bytes may have come with the header: no further
            // edge will announce them.
            fallthrough
        case .handshaking:
            switch transport.handshake() {
            case .done:
                if transport is TLSTransport { loop.traffic?.tlsHandshakeCompleted() }
                // Whatever event finished the handshake, the request may already be waiting.
                phase = .awaitingHead
                return readAvailable()
            case .wouldBlock: return peerClosed ? handshakeFailed() : ()
            case .failed: return handshakeFailed()
            }
        default:
            break
        }
        if events & UInt32(CSOCKET_EPOLLOUT) != 0, !outbound.isEmpty {
            if flush() { resumeAfterDrain() }
        }
        let readable = UInt32(CSOCKET_EPOLLIN | CSOCKET_EPOLLRDHUP | CSOCKET_EPOLLHUP)
        if events & readable != 0 { readAvailable() }
    }

    /// Takes the PROXY header off the socket, from a trusted proxy only (haproxy's doc/proxy-protocol.txt
    /// §5: anyone else could claim any address). True once it is read and the handshake may begin; false
    /// while it is incomplete, or when the connection was refused and closed without an answer.
    private func receiveProxyHeader() -> Bool {
        guard let peer = peerAddress, configuration.trustedProxies.containsAddress(peer) else {
            refuseProxyConnection(.untrustedPeer)
            return false
        }
        switch ProxyHeaderReceiver.receive(from: socket, into: loop.readBuffer, peerClosed: peerClosed) {
        case .waiting:
            return false
        case .refused(let refusal):
            refuseProxyConnection(refusal)
            return false
        case .received(let header):
            // LOCAL and UNKNOWN (a health check, an unknown family) keep the socket's peer as the client. Its
            // address is taken now, for the access log: a health checker may be gone (and getpeername fail)
            // by the time its response is logged.
            let client = if case .address(let client, _) = header.source { client } else { peer }
            connectionOrigin = RequestOrigin(peer: RequestOrigin.Peer(client), isSecure: connectionOrigin.isSecure)
            clientAddress = client.description
            phase = .handshaking
            return true
        }
    }

    private func refuseProxyConnection(_ refusal: ProxyRefusal) {
        loop.proxyHeaderRefused(refusal, peer: peerAddress)
        close(orderly: false)
    }

    /// The peer hung up or sent something that is not a TLS handshake (plaintext HTTP, say).
    private func handshakeFailed() {
        loop.traffic?.tlsHandshakeFailed()
        close(orderly: false)
    }

    var isIdle: Bool {
        if case .awaitingHead = phase {
            return inbound.isEmpty && outbound.isEmpty && inFlight == nil && awaited == nil
        }
        return false
    }

    /// Reading waits for the application: a streamed body's consumer, or a deferred response (requests
    /// pipelined behind it stay unread, so responses keep their order).
    private var isWaitingForApplication: Bool {
        if bodyPaused { return true }
        guard awaited != nil else { return false }
        if case .readingBody = phase { return false }
        return true
    }

    /// The timeout rule this connection breaks at `now`, if any.
    func expiry(at now: Int64, limits: ConnectionTimeouts.Limits) -> ConnectionTimeouts.Expiry? {
        timeouts.expiry(at: now, pendingOutput: !outbound.isEmpty, limits: limits)
    }

    /// Applies the timeout rules at `now` (the loop's sweep): closes the connection, or answers a body that
    /// fell behind its pace with 408 and then closes.
    func enforceTimeouts(at now: Int64, limits: ConnectionTimeouts.Limits) {
        switch expiry(at: now, limits: limits) {
        case nil: return
        case .close:
            if case .awaitingProxyHeader = phase { return refuseProxyConnection(.incompleteHeader) }
            close()
        case .requestTimeout: refuse(RequestError(.requestTimeout, "the request body arrived too slowly"))
        }
    }

    // MARK: Reading

    /// Reads until the socket is empty, the peer closes, or a response blocks.
    private func readAvailable() {
        while !isClosed && !readingPaused && !isWaitingForApplication {
            switch phase {
            case .closing, .handshaking, .awaitingProxyHeader: return
            case .lingering: return discardAvailable()
            case .awaitingHead, .readingBody: break
            }
            switch transport.receive(into: loop.readBuffer) {
            case .bytes(let n):
                timeouts.bytesArrived(at: loop.now())
                let fresh = UnsafeRawBufferPointer(rebasing: loop.readBuffer[0..<n])
                if inbound.isEmpty {
                    let used = process(fresh)
                    if used < n { keepUnparsed(Array(fresh[used...])) }
                } else {
                    inbound.append(contentsOf: fresh)
                    processInbound()
                }
                // A short read emptied the socket, and new bytes will raise a new edge; after the peer's
                // FIN nothing will, so then read on until the end of stream. (Over TLS a short read
                // proves nothing: read on until the transport would block.)
                if n < loop.readBuffer.count && !peerClosed && transport.shortReadMeansEmpty { return }
            case .wouldBlock:
                return
            case .endOfStream:
                // The peer half-closed: finish what we owe, read nothing more. A request cut short
                // (a partial head or body) is dropped without an answer.
                peerClosed = true
                abandonApplication(.connectionClosed)
                phase = .closing
                if outbound.isEmpty { close() }
                return
            case .failed:
                close(orderly: false)
                return
            }
        }
    }

    /// While lingering: drops whatever arrived; closes at the end of stream.
    private func discardAvailable() {
        while !isClosed {
            switch transport.receive(into: loop.readBuffer) {
            case .bytes: continue
            case .wouldBlock: return
            case .endOfStream, .failed: return close(orderly: false)
            }
        }
    }

    /// A blocked response has drained: answer requests already buffered, then read what arrived meanwhile.
    private func resumeAfterDrain() {
        readingPaused = false
        if !inbound.isEmpty { processInbound() }
        if outbound.isEmpty { readAvailable() }
    }

    private func keepUnparsed(_ bytes: [UInt8]) {
        inbound = bytes
        timeouts.bytesArrived(at: loop.now())
    }

    private func processInbound() {
        let pending = inbound
        inbound = []
        let used = pending.withUnsafeBytes { process($0) }
        if used < pending.count { keepUnparsed(Array(pending[used...])) }
    }

    /// Handles every complete request in `bytes` until a response blocks; returns the bytes consumed.
    private func process(_ bytes: UnsafeRawBufferPointer) -> Int {
        var consumed = 0
        while consumed < bytes.count, outbound.isEmpty, !isClosed, !isWaitingForApplication {
            let rest = UnsafeRawBufferPointer(rebasing: bytes[consumed...])
            switch phase {
            case .closing, .lingering, .handshaking, .awaitingProxyHeader:
                return bytes.count
            case .awaitingHead:
                // The body's limit depends on how the responder takes it (`beginRequest`).
                switch RequestHeadParser.parse(rest, maxHeaderBytes: configuration.maxHeaderBytes, maxBodyBytes: .max) {
                case .incomplete:
                    return consumed
                case .invalid(let error):
                    refuse(error)
                    return bytes.count
                case .complete(let head, let headLength, let framing):
                    consumed += headLength
                    beginRequest(head, framing: framing, bodyBytesArrived: consumed < bytes.count)
                }
            case .readingBody(let head, var reader):
                do {
                    let (used, done, wantsMore) = try reader.consume(rest)
                    consumed += used
                    timeouts.bodyReceived(used, at: loop.now())
                    if done {
                        phase = .awaitingHead
                        if let stream = reader.stream {
                            stream.finish()
                            bodyPaused = false
                            timeouts.waitingForApplication(at: loop.now())
                        } else {
                            respond(to: HTTPRequest(head: head, body: reader.body, origin: requestOrigin(for: head)))
                        }
                    } else {
                        phase = .readingBody(head, reader)
                        if !wantsMore { pauseBody() }
                    }
                } catch {
                    refuse(error)
                    return bytes.count
                }
            }
        }
        return consumed
    }

    /// A head is complete: answer it, or decide whether its body is read at all before reading it.
    private func beginRequest(_ head: HTTPRequestHead, framing: BodyFraming, bodyBytesArrived: Bool) {
        let expectation = head.expectation
        if expectation == .unsupported {
            return answerWithoutReadingBody(
                .problem(.expectationFailed, detail: "Only the expectation 100-continue is supported."), to: head)
        }
        if framing == .none { return respond(to: HTTPRequest(head: head, origin: requestOrigin(for: head))) }
        let limit: Int
        var pace = ConnectionTimeouts.Limits(configuration).defaultBodyPace
        var stream: RequestBodyStream?
        switch loop.responder.bodyHandling(for: head, origin: requestOrigin(for: head)) {
        case .refuse(let refusal):
            return answerWithoutReadingBody(refusal, to: head)
        case .read:
            limit = configuration.maxBodyBytes
        case .stream(let maxBytes, let streamPace):
            limit = maxBytes
            if let streamPace { pace = streamPace }
            var contentLength: Int?
            if case .contentLength(let length) = framing { contentLength = length }
            // The consumer's thread wakes this connection through the loop; the stream lets go of the
            // closure (and so of the connection) once the body ends or fails.
            stream = RequestBodyStream(
                contentLength: contentLength, highWater: configuration.streamedBodyBufferBytes
            ) { [self] in
                loop.execute { [self] in resumeBody() }
            }
        }
        // RFC 9110 §15.5.14: refused before the first byte when the length is announced.
        if case .contentLength(let length) = framing, length > limit {
            return refuse(.contentTooLarge("body larger than \(limit) bytes"))
        }
        phase = .readingBody(head, RequestBodyReader(framing: framing, maxBodyBytes: limit, stream: stream))
        timeouts.bodyStarted(at: loop.now(), pace: pace)
        // RFC 9110 §10.1.1: the client waits for this before sending the body; a server may skip it once
        // body bytes are already arriving. HTTP/1.0 clients do not know 1xx responses.
        let owesContinue = expectation == .continueBeforeBody && !bodyBytesArrived && head.version != .http1_0
        guard let stream else {
            if owesContinue { sendContinue() }
            return
        }
        // Nothing of a streamed body is read (nor 100 Continue sent) until its consumer asks for it.
        continueOwed = owesContinue
        pauseBody()
        respond(to: HTTPRequest(head: head, bodyStream: stream, origin: requestOrigin(for: head)))
    }

    private func sendContinue() {
        timeouts.wrote(at: loop.now())
        outbound.append(head: Self.continueResponse, body: nil)
        flush()
    }

    // MARK: Waiting for the application

    private func pauseBody() {
        bodyPaused = true
        timeouts.waitingForApplication(at: loop.now())
    }

    /// A streamed body's consumer wants bytes again (run on the loop by the stream's wake-up).
    private func resumeBody() {
        guard !isClosed, bodyPaused, case .readingBody = phase else { return }
        bodyPaused = false
        timeouts.bodyResumed(at: loop.now())
        if continueOwed {
            continueOwed = false
            sendContinue()
        }
        if !inbound.isEmpty { processInbound() }
        if outbound.isEmpty { readAvailable() }
    }

    /// Makes the connection wait for `pending`, unless it is already complete.
    private func wait(for pending: DeferredResponse, head: HTTPRequestHead, startedAt: UInt64) {
        let ready = pending.attach { [self] response in
            loop.execute { [self] in deferredResponseArrived(response, for: pending) }
        }
        if let ready { return deliver(ready, to: head, startedAt: startedAt) }
        awaited = Awaited(head: head, response: pending, startedAt: startedAt)
        if case .readingBody = phase { return }
        timeouts.waitingForApplication(at: loop.now())
    }

    private func deferredResponseArrived(_ response: HTTPResponse, for pending: DeferredResponse) {
        guard !isClosed, let awaited, awaited.response === pending else { return }
        self.awaited = nil
        deliver(response, to: awaited.head, startedAt: awaited.startedAt)
        // Then the requests pipelined behind it, and what arrived meanwhile (no edge will announce it).
        if !isClosed, outbound.isEmpty, case .awaitingHead = phase { resumeAfterDrain() }
    }

    /// The current request will get no answer from the application: its streamed body fails and its
    /// deferred response, if completed later, goes nowhere.
    private func abandonApplication(_ failure: RequestBodyStream.Failure) {
        if case .readingBody(_, let reader) = phase { reader.stream?.fail(failure) }
        awaited?.response.cancel()
        awaited = nil
        bodyPaused = false
        continueOwed = false
    }

    private static let continueResponse = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    // MARK: Responding

    private func respond(to request: HTTPRequest) {
        let response = loop.responder.respond(to: request)
        // A deferred response's time (the access log's rt) counts the application's work; an immediate
        // one's, as always, its sending.
        let startedAt = System.monotonicNanoseconds()
        if let pending = response.deferral { return wait(for: pending, head: request.head, startedAt: startedAt) }
        deliver(response, to: request.head, startedAt: startedAt)
    }

    /// Sends the application's response. One that comes while a streamed body is still arriving ends the
    /// body (its consumer sees `abandoned`) and the connection, like a refusal.
    private func deliver(_ response: HTTPResponse, to head: HTTPRequestHead, startedAt: UInt64) {
        if case .readingBody(_, let reader) = phase {
            reader.stream?.fail(.abandoned)
            bodyPaused = false
            continueOwed = false
            return answerWithoutReadingBody(response, to: head, startedAt: startedAt)
        }
        answer(head, with: response, keepAlive: head.wantsKeepAlive && !loop.isDraining, startedAt: startedAt)
    }

    /// Sends a final response to a request whose body stays unread, then closes: the unread bytes
    /// would otherwise be parsed as the next request.
    private func answerWithoutReadingBody(
        _ response: HTTPResponse, to head: HTTPRequestHead, startedAt: UInt64 = System.monotonicNanoseconds()
    ) {
        lingersAfterClosing = true
        answer(head, with: response, keepAlive: false, startedAt: startedAt)
    }

    private func answer(_ head: HTTPRequestHead, with response: HTTPResponse, keepAlive: Bool, startedAt: UInt64) {
        timeouts.becameIdle(at: loop.now())
        if !keepAlive { phase = .closing }
        let sendsBody = head.method != .head && !response.status.forbidsBody
        let headBytes = enqueue(response, keepAlive: keepAlive, version: head.version, sendsBody: sendsBody)
        inFlight = InFlight(
            head: head, status: response.status.code, route: response.route, startedAt: startedAt,
            bodyStart: bytesWritten + Int64(headBytes))
        flush()
    }

    /// Answers a request the parser refused (400, 413, 431, 501, 505) and closes (docs/http.md "Framing").
    private func refuse(_ error: RequestError) {
        abandonApplication(.refused(status: error.status.code))
        phase = .closing
        lingersAfterClosing = true
        loop.logger.debug("refused request", metadata: ["status": "\(error.status.code)", "detail": "\(error.detail)"])
        loop.traffic?.responded(route: .unrouted, status: error.status.code, bodyBytes: 0, aborted: false)
        enqueue(.problem(error.status, detail: error.detail), keepAlive: false, version: .http1_1, sendsBody: true)
        flush()
    }

    /// Queues the response; returns the size of its head.
    @discardableResult
    private func enqueue(_ response: HTTPResponse, keepAlive: Bool, version: HTTPVersion, sendsBody: Bool) -> Int {
        let framing = ResponseHeadEncoder.Framing(
            keepAlive: keepAlive, requestVersion: version, date: loop.currentDate(),
            serverName: configuration.serverName)
        timeouts.wrote(at: loop.now())  // the write-stall clock starts with the response
        let head = ResponseHeadEncoder.encode(response, framing: framing)
        outbound.append(head: head, body: sendsBody ? response.body : nil)
        return head.count
    }

    // MARK: Writing

    /// Writes what the socket takes. Returns true once everything owed is sent and the connection stays
    /// open; false if it must wait for the socket (an EPOLLOUT edge will follow) or was closed.
    @discardableResult
    private func flush() -> Bool {
        let before = bytesWritten
        let result = outbound.flush(to: transport, written: &bytesWritten)
        let now = loop.now()
        if bytesWritten != before { timeouts.wrote(at: now) }
        switch result {
        case .wouldBlock:
            readingPaused = true
            return false
        case .failed:
            close(orderly: false)
            return false
        case .drained:
            finishInFlight()
            if case .closing = phase {
                lingersAfterClosing ? startLingering() : close()
                return false
            }
            if loop.isDraining {
                // This response was already under way (as keep-alive) when the drain began; it is
                // done now, so close rather than hold the shutdown until its deadline.
                close()
                return false
            }
            if case .awaitingHead = phase, inbound.isEmpty { timeouts.becameIdle(at: now) }
            return true
        }
    }

    private func startLingering() {
        phase = .lingering
        timeouts.startedLingering(at: loop.now())
        transport.finishSending()
        discardAvailable()
    }

    /// Logs the response that just ended: complete, or `aborted` when the connection closes under it.
    private func finishInFlight(aborted: Bool = false) {
        guard let done = inFlight else { return }
        inFlight = nil
        let bodyBytes = max(0, bytesWritten - done.bodyStart)
        loop.traffic?.responded(route: done.route, status: done.status, bodyBytes: bodyBytes, aborted: aborted)
        guard loop.logsAccess else { return }
        loop.recordAccess(AccessLogEntry(
            client: readsForwardedFor ? forwardedClientAddress(for: done.head) : clientAddress, head: done.head, status: done.status,
            bodyBytes: bodyBytes,
            durationMicros: (System.monotonicNanoseconds() - done.startedAt) / 1000,
            requestID: loop.nextRequestID(), aborted: aborted))
    }

    /// The client's address for the access log: the peer's, looked up once per connection and only for
    /// the access log, or the one a PROXY header named.
    private lazy var clientAddress: String = SocketAddress.peer(of: socket)?.hostText ?? "-"

    // MARK: The client behind a proxy

    /// The socket's peer as an address, looked up once, where a trusted proxy may name another client.
    private lazy var peerAddress: IPAddress? = SocketAddress.peer(of: socket)?.ipAddress

    /// What the application learns of `head`'s origin: the connection's, unless the peer is a trusted proxy
    /// whose `X-Forwarded-For` names the client.
    @inline(__always)
    private func requestOrigin(for head: HTTPRequestHead) -> RequestOrigin {
        readsForwardedFor ? forwardedOrigin(for: head) : connectionOrigin
    }

    /// The client is the rightmost address of `X-Forwarded-For` that no trusted proxy wrote
    /// (`ForwardedFor`); the peer itself when it is not trusted or the field is absent.
    private func forwardedOrigin(for head: HTTPRequestHead) -> RequestOrigin {
        guard let peer = peerAddress else { return connectionOrigin }
        let client = head.headers.combinedValue("x-forwarded-for").map {
            ForwardedFor.client(field: $0, peer: peer, trustedProxies: configuration.trustedProxies)
        } ?? peer
        return RequestOrigin(peer: RequestOrigin.Peer(client), isSecure: connectionOrigin.isSecure)
    }

    private func forwardedClientAddress(for head: HTTPRequestHead) -> String {
        forwardedOrigin(for: head).client()?.address ?? "-"
    }

    // MARK: Closing

    /// Closes now: used for timeouts, peer errors and shutdown. Pending bytes are dropped. An orderly
    /// close (not after a transport error) lets TLS send close_notify first.
    func close(orderly: Bool = true) {
        guard !isClosed else { return }
        isClosed = true
        abandonApplication(.connectionClosed)
        finishInFlight(aborted: true)
        if orderly { transport.willClose() }
        phase = .closing
        outbound = OutboundQueue()
        loop.remove(self)
    }

    /// On shutdown: idle and lingering connections close now (the latter owe nothing more); busy ones
    /// answer their current request with `Connection: close` and then close.
    func beginDrain() {
        if case .lingering = phase { return close() }
        if isIdle { close() }
    }
}
