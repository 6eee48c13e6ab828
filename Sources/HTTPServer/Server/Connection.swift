import Dispatch
import Logging

/// One client connection: reads requests, asks the responder, writes responses in order.
///
/// All state is confined to the owning event loop's serial queue (hence `@unchecked Sendable`). Requests
/// are handled one at a time: while a response cannot be written completely, reading stops, so a client
/// that pipelines or stops reading cannot make the server buffer without bound.
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
    private var readiness: SocketReadiness!
    private var phase = Phase.awaitingHead
    /// Received bytes not yet parsed (a partial head or pipelined requests). Empty while idle, so idle
    /// connections hold no buffer.
    private var inbound: [UInt8] = []
    private var outbound = OutboundQueue()
    private var inFlight: InFlight?
    private var bytesWritten: Int64 = 0
    private var isClosed = false

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
        readiness = SocketReadiness(
            socket: socket, queue: loop.queue,
            onReadable: { [unowned self] in self.readableEvent() },
            onWritable: { [unowned self] in self.writableEvent() })
    }

    func start() {
        readiness.setReading(true)
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

    private func readableEvent() {
        let result = transport.receive(into: loop.readBuffer)
        switch result {
        case .bytes(let n):
            lastActivity = System.monotonicSeconds()
            if headStartedAt == nil { headStartedAt = lastActivity }
            let fresh = UnsafeRawBufferPointer(rebasing: loop.readBuffer[0..<n])
            if inbound.isEmpty {
                let used = process(fresh)
                if used < n { inbound = Array(fresh[used...]) }
            } else {
                inbound.append(contentsOf: fresh)
                processInbound()
            }
        case .wouldBlock:
            return
        case .endOfStream:
            // The peer half-closed: finish what we owe, read nothing more.
            phase = .closing
            readiness.setReading(false)
            if outbound.isEmpty { close() }
        case .failed:
            close()
        }
    }

    private func processInbound() {
        let pending = inbound
        inbound = []
        let used = pending.withUnsafeBytes { process($0) }
        if used < pending.count {
            inbound = Array(pending[used...])
            if headStartedAt == nil { headStartedAt = System.monotonicSeconds() }
        }
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

    private func writableEvent() {
        flush()
    }

    private func flush() {
        let before = bytesWritten
        let result = outbound.flush(to: transport, written: &bytesWritten)
        if bytesWritten != before { lastWriteProgress = System.monotonicSeconds() }
        switch result {
        case .wouldBlock:
            readiness.setReading(false)
            readiness.setWriting(true)
        case .failed:
            close()
        case .drained:
            readiness.setWriting(false)
            finishInFlight()
            if case .closing = phase {
                close()
            } else if loop.isDraining {
                // This response was already under way (as keep-alive) when the drain began; it is
                // done now, so close rather than hold the shutdown until its deadline.
                close()
            } else {
                lastActivity = System.monotonicSeconds()
                readiness.setReading(true)
                // Pipelined requests may already be buffered.
                if !inbound.isEmpty { processInbound() }
            }
        }
    }

    private func finishInFlight() {
        guard let done = inFlight else { return }
        inFlight = nil
        let logger = loop.logger
        guard logger.logLevel <= .info else { return }
        let micros = (System.monotonicNanoseconds() - done.startedAt) / 1000
        logger.info("\(done.method.rawValue) \(done.path) \(done.status) \(bytesWritten - done.bytesBefore) \(micros)us")
    }

    // MARK: Closing

    /// Closes now: used for timeouts, peer errors and shutdown. Pending bytes are dropped.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        phase = .closing
        readiness.cancel { [loop, socket] in loop.connectionClosed(socket: socket) }
    }

    /// On shutdown: idle connections close now; busy ones answer their current request with
    /// `Connection: close` and then close.
    func beginDrain() {
        if isIdle { close() }
    }
}
