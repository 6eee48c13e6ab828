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
final class Connection: @unchecked Sendable {
    private enum Phase {
        case awaitingHead
        case readingBody(HTTPRequestHead, RequestBodyReader)
        /// No further requests are read; the connection closes once the outbound queue drains.
        case closing
    }

    private struct InFlight {
        var method: HTTPMethod
        var path: String
        var status: Int
        var startedAt: UInt64
        var bytesBefore: Int64
    }

    let socket: Int32
    private let transport: PlaintextTransport
    private unowned let loop: EventLoop
    private var phase = Phase.awaitingHead
    /// Received bytes not yet parsed (a partial head or pipelined requests). Empty while idle, so idle
    /// connections hold no buffer.
    private var inbound: [UInt8] = []
    private var outbound = OutboundQueue()
    private var inFlight: InFlight?
    private var bytesWritten: Int64 = 0
    private var isClosed = false
    /// True while a response is blocked on a full socket: requests wait until it drains.
    private var readingPaused = false

    /// When the current request head started (the connection's accept time for the first one), or nil
    /// while idle between requests.
    private(set) var headStartedAt: Int64?
    private(set) var lastActivity: Int64
    private(set) var lastWriteProgress: Int64

    init(socket: Int32, loop: EventLoop) {
        self.socket = socket
        self.loop = loop
        transport = PlaintextTransport(socket: socket)
        let now = System.monotonicSeconds()
        headStartedAt = now
        lastActivity = now
        lastWriteProgress = now
    }

    /// Handles the readiness bits epoll reported for this socket.
    func handle(events: UInt32) {
        if events & UInt32(CSOCKET_EPOLLERR) != 0 {
            close()
            return
        }
        if events & UInt32(CSOCKET_EPOLLOUT) != 0, !outbound.isEmpty {
            if flush() { resumeAfterDrain() }
        }
        let readable = UInt32(CSOCKET_EPOLLIN | CSOCKET_EPOLLRDHUP | CSOCKET_EPOLLHUP)
        if events & readable != 0 { readAvailable() }
    }

    var isIdle: Bool {
        if case .awaitingHead = phase { return inbound.isEmpty && outbound.isEmpty && inFlight == nil }
        return false
    }

    var hasPendingOutput: Bool { !outbound.isEmpty }

    var isReadingBody: Bool {
        if case .readingBody = phase { return true }
        return false
    }

    // MARK: Reading

    /// Reads until the socket is empty, the peer closes, or a response blocks.
    private func readAvailable() {
        while !isClosed && !readingPaused {
            if case .closing = phase { return }
            switch transport.receive(into: loop.readBuffer) {
            case .bytes(let n):
                lastActivity = System.monotonicSeconds()
                if headStartedAt == nil { headStartedAt = lastActivity }
                let fresh = UnsafeRawBufferPointer(rebasing: loop.readBuffer[0..<n])
                if inbound.isEmpty {
                    let used = process(fresh)
                    if used < n { keepUnparsed(Array(fresh[used...])) }
                } else {
                    inbound.append(contentsOf: fresh)
                    processInbound()
                }
                // A short read emptied the socket; new bytes will raise a new edge.
                if n < loop.readBuffer.count { return }
            case .wouldBlock:
                return
            case .endOfStream:
                // The peer half-closed: finish what we owe, read nothing more.
                phase = .closing
                if outbound.isEmpty { close() }
                return
            case .failed:
                close()
                return
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
        if headStartedAt == nil { headStartedAt = System.monotonicSeconds() }
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
        while consumed < bytes.count, outbound.isEmpty, !isClosed {
            let rest = UnsafeRawBufferPointer(rebasing: bytes[consumed...])
            switch phase {
            case .closing:
                return bytes.count
            case .awaitingHead:
                let limits = loop.configuration
                switch RequestHeadParser.parse(rest, maxHeaderBytes: limits.maxHeaderBytes, maxBodyBytes: limits.maxBodyBytes) {
                case .incomplete:
                    return consumed
                case .invalid(let error):
                    refuse(error)
                    return bytes.count
                case .complete(let head, let headLength, let framing):
                    consumed += headLength
                    beginBody(of: head, framing: framing)
                }
            case .readingBody(let head, var reader):
                do {
                    let (used, done) = try reader.consume(rest)
                    consumed += used
                    if done {
                        phase = .awaitingHead
                        respond(to: HTTPRequest(head: head, body: reader.body))
                    } else {
                        phase = .readingBody(head, reader)
                    }
                } catch {
                    refuse(error)
                    return bytes.count
                }
            }
        }
        return consumed
    }

    private func beginBody(of head: HTTPRequestHead, framing: BodyFraming) {
        switch framing {
        case .none:
            respond(to: HTTPRequest(head: head))
        case .contentLength(let length):
            phase = .readingBody(head, RequestBodyReader(contentLength: length))
        case .chunked:
            phase = .readingBody(head, RequestBodyReader(chunkedWithLimit: loop.configuration.maxBodyBytes))
        }
    }

    // MARK: Responding

    private func respond(to request: HTTPRequest) {
        let startedAt = System.monotonicNanoseconds()
        headStartedAt = nil
        let response = loop.responder.respond(to: request)
        let keepAlive = request.head.wantsKeepAlive && !loop.isDraining
        if !keepAlive { phase = .closing }
        let sendsBody = request.method != .head && !response.status.forbidsBody
        enqueue(response, keepAlive: keepAlive, version: request.head.version, sendsBody: sendsBody)
        inFlight = InFlight(
            method: request.method, path: request.path, status: response.status.code,
            startedAt: startedAt, bytesBefore: bytesWritten)
        flush()
    }

    /// Answers a request the parser refused (400, 413, 431, 501, 505) and closes (HTTP-RANGES.md "Framing").
    private func refuse(_ error: RequestError) {
        phase = .closing
        loop.logger.debug("refused request", metadata: ["status": "\(error.status.code)", "detail": "\(error.detail)"])
        enqueue(.problem(error.status, detail: error.detail), keepAlive: false, version: .http1_1, sendsBody: true)
        flush()
    }

    private func enqueue(_ response: HTTPResponse, keepAlive: Bool, version: HTTPVersion, sendsBody: Bool) {
        let framing = ResponseHeadEncoder.Framing(
            keepAlive: keepAlive, requestVersion: version, date: loop.currentDate(),
            serverName: loop.configuration.serverName)
        outbound.append(head: ResponseHeadEncoder.encode(response, framing: framing), body: sendsBody ? response.body : nil)
    }

    // MARK: Writing

    /// Writes what the socket takes. Returns true once everything owed is sent and the connection stays
    /// open; false if it must wait for the socket (an EPOLLOUT edge will follow) or was closed.
    @discardableResult
    private func flush() -> Bool {
        let before = bytesWritten
        let result = outbound.flush(to: transport, written: &bytesWritten)
        if bytesWritten != before { lastWriteProgress = System.monotonicSeconds() }
        switch result {
        case .wouldBlock:
            readingPaused = true
            return false
        case .failed:
            close()
            return false
        case .drained:
            finishInFlight()
            if case .closing = phase {
                close()
                return false
            }
            if loop.isDraining {
                // This response was already under way (as keep-alive) when the drain began; it is
                // done now, so close rather than hold the shutdown until its deadline.
                close()
                return false
            }
            lastActivity = System.monotonicSeconds()
            return true
        }
    }

    private func finishInFlight() {
        guard let done = inFlight else { return }
        inFlight = nil
        guard loop.logsAccess else { return }
        let logger = loop.logger
        let micros = (System.monotonicNanoseconds() - done.startedAt) / 1000
        logger.info("\(done.method.rawValue) \(done.path) \(done.status) \(bytesWritten - done.bytesBefore) \(micros)us")
    }

    // MARK: Closing

    /// Closes now: used for timeouts, peer errors and shutdown. Pending bytes are dropped.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        phase = .closing
        outbound = OutboundQueue()
        loop.remove(self)
    }

    /// On shutdown: idle connections close now; busy ones answer their current request with
    /// `Connection: close` and then close.
    func beginDrain() {
        if isIdle { close() }
    }
}
