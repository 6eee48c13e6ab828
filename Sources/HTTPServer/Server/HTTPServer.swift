import Glibc
import Logging
import Synchronization
import Sockets

/// A hand-written HTTP/1.1 server: non-blocking sockets, one edge-triggered epoll loop per core,
/// keep-alive and pipelining, zero-copy file bodies.
///
/// Usage: `try server.start()`, then `await server.shutdown()` to stop accepting and drain.
public final class HTTPServer: Sendable {
    public let configuration: HTTPServerConfiguration
    private let responder: any HTTPResponder
    private let logger: Logger
    private let budget: ConnectionBudget
    /// The first refused PROXY connection is logged at info, the others at debug.
    private let proxyRefusalNotice = FirstOccurrence()
    private let state = Mutex<State>(State())

    private struct State {
        var listeners: [BoundListener] = []
        var loops: [EventLoop] = []
        var started = false
        var stopped = false
    }

    public init(configuration: HTTPServerConfiguration, responder: any HTTPResponder, logger: Logger) {
        self.configuration = configuration
        self.responder = responder
        self.logger = logger
        budget = ConnectionBudget(limit: configuration.maxConnections)
    }

    /// The plaintext port the server listens on (the ephemeral one if the configuration asked for 0).
    public var localPort: Int { state.withLock { $0.listeners.first { $0.tls == nil }?.socket.port ?? 0 } }

    /// The HTTPS port, or 0 without a TLS listener.
    public var tlsPort: Int { state.withLock { $0.listeners.first { $0.tls != nil }?.socket.port ?? 0 } }

    /// The plaintext addresses bound, e.g. `["127.0.0.1:8080", "[::1]:8080"]`.
    public var boundAddresses: [String] { state.withLock { $0.listeners.filter { $0.tls == nil }.map(\.socket.address) } }

    /// The HTTPS addresses bound.
    public var boundTLSAddresses: [String] { state.withLock { $0.listeners.filter { $0.tls != nil }.map(\.socket.address) } }

    /// Connections currently open.
    public var connectionCount: Int { budget.count }

    /// Binds the listening sockets and starts the event loops. Throws if an address can't be bound.
    public func start() throws {
        // sendfile(2) has no MSG_NOSIGNAL: sending to a peer that hung up raises SIGPIPE, whose default
        // action kills the process. Ignore it so that such a send fails with EPIPE like any other.
        signal(SIGPIPE, SIG_IGN)
        let descriptors = DescriptorLimit.raiseToHardLimit()
        if descriptors < UInt64(configuration.maxConnections) + 64 {
            logger.warning("the open-file limit (\(descriptors)) is below maxConnections (\(configuration.maxConnections)) plus room for files: raise it (ulimit -n) or lower maxConnections")
        }
        let sockets = try bindListeners()
        let loops: [EventLoop]
        do {
            loops = try (0..<max(1, configuration.eventLoopCount)).map { index throws(SocketBindError) in
                try EventLoop(
                    index: index, configuration: configuration, responder: responder, logger: logger,
                    budget: budget, listeners: sockets, proxyRefusalNotice: proxyRefusalNotice)
            }
        } catch {
            sockets.forEach { close($0.socket.descriptor) }
            throw error
        }
        for loop in loops {
            // A closed connection may let paused loops accept again.
            loop.onCapacityFreed = { [weak self] in self?.resumeAccepting() }
        }
        try state.withLock { state in
            guard !state.started, !state.stopped else { throw CancellationError() }
            state.started = true
            state.listeners = sockets
            state.loops = loops
        }
        loops.forEach { $0.start() }
        var metadata: Logger.Metadata = ["addresses": "\(boundAddresses.joined(separator: ","))"]
        if configuration.tls != nil {
            metadata["tls"] = "\(boundTLSAddresses.joined(separator: ","))"
            metadata["tlsFileBodies"] = "\(TLSServerContext.fileBodyPath)"
        }
        logger.info("listening", metadata: metadata)
    }

    /// The plaintext listener (unless switched off) and the TLS listener (if configured).
    private func bindListeners() throws(SocketBindError) -> [BoundListener] {
        var bound: [BoundListener] = []
        do {
            if configuration.plaintextEnabled {
                bound += try ListeningSocket.bindAll(host: configuration.host, port: configuration.port)
                    .map { BoundListener(socket: $0, tls: nil, proxyProtocol: configuration.plaintextProxyProtocol) }
            }
            if let tls = configuration.tls {
                bound += try ListeningSocket.bindAll(host: tls.host, port: tls.port)
                    .map { BoundListener(socket: $0, tls: tls.context, proxyProtocol: tls.proxyProtocol) }
            }
        } catch {
            bound.forEach { close($0.socket.descriptor) }
            throw error
        }
        return bound
    }

    /// Stops accepting (new connections are refused), lets in-flight responses finish (up to
    /// `drainTimeoutSeconds`), then closes the remaining connections and ends the loops.
    public func shutdown() async {
        let (loops, listeners) = state.withLock { state -> ([EventLoop], [BoundListener]) in
            guard !state.stopped else { return ([], []) }
            state.stopped = true
            return (state.loops, state.listeners)
        }
        // Every loop stops watching the listeners before they are closed, so no loop touches a closed
        // (or reused) descriptor number.
        for loop in loops { await loop.run { loop.beginDrain() } }
        listeners.forEach { close($0.socket.descriptor) }
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(configuration.drainTimeoutSeconds)
        while connectionCount > 0 && clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        if connectionCount > 0 {
            logger.warning("drain timeout: closing \(connectionCount) connection(s)")
        }
        for loop in loops { await loop.stop() }
    }

    private func resumeAccepting() {
        let loops = state.withLock { $0.stopped ? [] : $0.loops }
        for loop in loops { loop.execute { loop.startAccepting() } }
    }
}
