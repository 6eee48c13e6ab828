import CSocketShims
import Dispatch
import Glibc
import Logging

/// A hand-written HTTP/1.1 server: non-blocking sockets, Dispatch readiness sources, one serial event
/// loop per core, keep-alive and pipelining, zero-copy file bodies.
///
/// Usage: `try server.start()`, then `await server.shutdown()` to stop accepting and drain.
public final class HTTPServer: @unchecked Sendable {
    public let configuration: HTTPServerConfiguration
    private let logger: Logger
    private let loops: [EventLoop]
    /// Accepting, connection counting and shutdown bookkeeping all happen on this queue.
    private let acceptQueue = DispatchQueue(label: "packserve.accept", qos: .userInitiated)
    private var listeners: [ListeningSocket] = []
    private var acceptSources: [DispatchSourceRead] = []
    private var acceptPaused = false
    private var openConnections = 0
    private var nextLoop = 0
    private var stopped = false

    public init(configuration: HTTPServerConfiguration, responder: any HTTPResponder, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
        loops = (0..<max(1, configuration.eventLoopCount)).map {
            EventLoop(index: $0, configuration: configuration, responder: responder, logger: logger)
        }
        for loop in loops {
            loop.onClose = { [weak self] in self?.connectionDidClose() }
        }
    }

    /// The port the server listens on (the ephemeral one if the configuration asked for 0).
    public var localPort: Int { acceptQueue.sync { listeners.first?.port ?? 0 } }

    /// The addresses bound, e.g. `["127.0.0.1:8080", "[::1]:8080"]`.
    public var boundAddresses: [String] { acceptQueue.sync { listeners.map(\.address) } }

    /// Connections currently open.
    public var connectionCount: Int { acceptQueue.sync { openConnections } }

    /// Binds the listening sockets and starts accepting. Throws if an address can't be bound.
    public func start() throws {
        // sendfile(2) has no MSG_NOSIGNAL: sending to a peer that hung up raises SIGPIPE, whose default
        // action kills the process. Ignore it so that such a send fails with EPIPE like any other.
        signal(SIGPIPE, SIG_IGN)
        let sockets = try ListeningSocket.bindAll(host: configuration.host, port: configuration.port)
        try acceptQueue.sync {
            guard !stopped else { throw CancellationError() }
            listeners = sockets
            for loop in loops { loop.start() }
            for listener in sockets {
                let source = DispatchSource.makeReadSource(fileDescriptor: listener.descriptor, queue: acceptQueue)
                let descriptor = listener.descriptor
                source.setEventHandler { [unowned self] in self.acceptAvailable(on: descriptor) }
                source.setCancelHandler { close(descriptor) }
                source.resume()
                acceptSources.append(source)
            }
        }
        logger.info("listening", metadata: ["addresses": "\(boundAddresses.joined(separator: " "))"])
    }

    /// Stops accepting, lets in-flight responses finish (up to `drainTimeoutSeconds`), then closes the
    /// remaining connections.
    public func shutdown() async {
        acceptQueue.sync {
            guard !stopped else { return }
            stopped = true
            if acceptPaused { acceptSources.forEach { $0.resume() } }
            acceptSources.forEach { $0.cancel() }
            acceptSources = []
        }
        loops.forEach { $0.beginDrain() }
        let deadline = System.monotonicNanoseconds() + UInt64(configuration.drainTimeoutSeconds) * 1_000_000_000
        while connectionCount > 0 && System.monotonicNanoseconds() < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        if connectionCount > 0 {
            logger.warning("drain timeout: closing \(connectionCount) connection(s)")
        }
        loops.forEach { $0.closeAll() }
        while connectionCount > 0 { try? await Task.sleep(for: .milliseconds(5)) }
    }

    private func acceptAvailable(on listener: Int32) {
        while openConnections < configuration.maxConnections && !stopped {
            let fd = csocket_accept_nonblocking(listener)
            if fd < 0 {
                switch errno {
                case EAGAIN, EWOULDBLOCK, EINTR, ECONNABORTED:
                    return
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    // Out of descriptors: back off briefly instead of spinning on a readable listener.
                    logger.error("accept failed: \(String(cString: strerror(errno))); pausing 100 ms")
                    pauseAccepting()
                    acceptQueue.asyncAfter(deadline: .now() + .milliseconds(100)) { [self] in resumeAcceptingIfPossible() }
                    return
                default:
                    logger.error("accept failed: \(String(cString: strerror(errno)))")
                    return
                }
            }
            var one: Int32 = 1
            // Small responses must not wait for Nagle's algorithm (RFC 9112 has no opinion; latency does).
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            openConnections += 1
            loops[nextLoop].adopt(socket: fd)
            nextLoop = (nextLoop + 1) % loops.count
        }
        // Full: stop accepting rather than accept-and-drop; the kernel backlog holds the rest.
        if openConnections >= configuration.maxConnections { pauseAccepting() }
    }

    private func connectionDidClose() {
        acceptQueue.async { [self] in
            openConnections -= 1
            resumeAcceptingIfPossible()
        }
    }

    private func pauseAccepting() {
        guard !acceptPaused else { return }
        acceptPaused = true
        acceptSources.forEach { $0.suspend() }
    }

    private func resumeAcceptingIfPossible() {
        guard acceptPaused, !stopped, openConnections < configuration.maxConnections else { return }
        acceptPaused = false
        acceptSources.forEach { $0.resume() }
    }
}
