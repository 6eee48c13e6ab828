import CSocketShims
import Foundation
import Logging
import Synchronization

/// One thread running an edge-triggered epoll loop over its share of the connections.
///
/// Why not Dispatch sources: libdispatch registers each socket with EPOLLONESHOT, so every readable event
/// costs an `ioctl(FIONREAD)`, two `epoll_ctl` re-arms and a hand-off to a worker thread; measured, that
/// was about twice nginx's CPU per request (docs/performance.md). Here a socket is registered once, for
/// reading and writing, edge-triggered, and its events are handled on the thread that waited for them.
///
/// Every connection lives on exactly one loop, so its state needs no locks. All loops wait on the shared
/// listening sockets with EPOLLEXCLUSIVE, and a loop keeps the connections it accepts.
final class EventLoop: ConnectionHost, @unchecked Sendable {
    let configuration: HTTPServerConfiguration
    let responder: any HTTPResponder
    let logger: Logger
    /// Receive buffer shared by all connections of this loop; only leftovers are copied per connection.
    let readBuffer: UnsafeMutableRawBufferPointer
    private(set) var isDraining = false
    private let timeoutLimits: ConnectionTimeouts.Limits
    let logsAccess: Bool
    private var accessLog: AccessLogBuffer?
    let traffic: LoopTrafficCounters?
    private var requestCounter: UInt64 = 0
    private let requestIDPrefix: UInt64

    private let name: String
    private let epoll: Int32
    private let wakeup: Int32
    private let budget: ConnectionBudget
    private let listeners: [Int32]
    /// The TLS identity of each TLS listener, by descriptor; plaintext listeners have none.
    private let tlsContexts: [Int32: TLSServerContext]
    /// The listeners whose connections start with a PROXY protocol header.
    private let proxyListeners: Set<Int32>
    private let proxyRefusalNotice: FirstOccurrence
    private var isAccepting = false
    private var isRunning = true
    /// Indexed by descriptor: descriptors are small integers, so this beats hashing on every event.
    private var connections: [Connection?] = []
    private var dateCache = DateHeaderCache()
    private var nextSweep: Int64 = 0
    private let tasks = Mutex<[@Sendable () -> Void]>([])
    private let stopped = Mutex<CheckedContinuation<Void, Never>?>(nil)
    /// Called (on this loop's thread) when a connection closes while the budget was full.
    var onCapacityFreed: (@Sendable () -> Void)?

    /// Event data for the wake-up descriptor and listeners; connections use their descriptor.
    private static let wakeupTag: UInt64 = 1 << 40
    private static let listenerTag: UInt64 = 1 << 41

    init(index: Int, configuration: HTTPServerConfiguration, responder: any HTTPResponder, logger: Logger,
         budget: ConnectionBudget, listeners: [BoundListener],
         proxyRefusalNotice: FirstOccurrence = FirstOccurrence()) throws(SocketBindError) {
        name = "packserve-loop-\(index)"
        self.configuration = configuration
        self.responder = responder
        self.logger = logger
        accessLog = configuration.accessLog.map(AccessLogBuffer.init)
        logsAccess = accessLog != nil
        traffic = configuration.traffic?.makeLoopCounters()
        requestIDPrefix = UInt64(index) << 48
        self.budget = budget
        self.listeners = listeners.map(\.socket.descriptor)
        var contexts: [Int32: TLSServerContext] = [:]
        for listener in listeners { contexts[listener.socket.descriptor] = listener.tls }
        tlsContexts = contexts
        proxyListeners = Set(listeners.filter(\.proxyProtocol).map(\.socket.descriptor))
        self.proxyRefusalNotice = proxyRefusalNotice
        timeoutLimits = ConnectionTimeouts.Limits(configuration)
        epoll = csocket_epoll_create()
        wakeup = csocket_eventfd()
        guard epoll >= 0, wakeup >= 0 else { throw .system(call: "epoll_create", address: name, errno: errno) }
        readBuffer = .allocate(byteCount: 64 * 1024, alignment: 16)
        _ = csocket_epoll_control(epoll, 1, wakeup, UInt32(CSOCKET_EPOLLIN), Self.wakeupTag)
        startAccepting()
    }

    deinit {
        readBuffer.deallocate()
        Glibc.close(epoll)
        Glibc.close(wakeup)
    }

    func start() {
        let thread = Thread { [self] in run() }
        thread.name = name
        thread.start()
    }

    // MARK: Work from other threads

    /// Runs `task` on this loop's thread.
    func execute(_ task: @escaping @Sendable () -> Void) {
        tasks.withLock { $0.append(task) }
        csocket_eventfd_signal(wakeup)
    }

    /// Runs `task` on this loop's thread and waits for it.
    func run(_ task: @escaping @Sendable () -> Void) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            execute {
                task()
                done.resume()
            }
        }
    }

    /// Ends the loop's thread after it closed every connection; returns once it has.
    func stop() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            stopped.withLock { $0 = done }
            execute { [self] in isRunning = false }
        }
    }

    // MARK: The loop

    private func run() {
        let capacity = 256
        let events = UnsafeMutablePointer<csocket_event>.allocate(capacity: capacity)
        defer { events.deallocate() }
        nextSweep = System.monotonicSeconds() + 1
        while isRunning {
            // Waking at least once a second for the sweep, sooner when access-log lines are due.
            let timeout = min(1000, accessLog?.millisecondsUntilDue() ?? 1000)
            let count = csocket_epoll_wait(epoll, events, Int32(capacity), timeout)
            for i in 0..<Int(max(count, 0)) {
                handle(events[i])
            }
            accessLog?.handOverIfDue()
            let now = System.monotonicSeconds()
            if now >= nextSweep {
                sweep(now: now)
                nextSweep = now + 1
            }
        }
        for connection in connections.compactMap({ $0 }) { connection.close() }
        accessLog?.handOver()
        stopped.withLock { $0?.resume() }
    }

    private func handle(_ event: csocket_event) {
        switch event.data {
        case Self.wakeupTag:
            csocket_eventfd_drain(wakeup)
            let pending = tasks.withLock { tasks in
                defer { tasks.removeAll() }
                return tasks
            }
            pending.forEach { $0() }
        case let tag where tag & Self.listenerTag != 0:
            acceptOne(from: Int32(truncatingIfNeeded: tag & 0xFFFF_FFFF))
        default:
            let fd = Int(event.data)
            guard fd < connections.count, let connection = connections[fd] else { return }
            connection.handle(events: event.events)
        }
    }

    // MARK: Accepting

    /// Accepts one connection per readiness event, so a burst of connections spreads over the loops
    /// (each listener wakes one waiting loop) instead of piling onto whichever loop woke first.
    private func acceptOne(from listener: Int32) {
        guard budget.reserve() else {
            // Full: stop accepting rather than accept-and-drop; the kernel backlog holds the rest.
            stopAccepting()
            return
        }
        let fd = csocket_accept_nonblocking(listener)
        guard fd >= 0 else {
            budget.release()
            switch errno {
            case EAGAIN, EWOULDBLOCK, EINTR, ECONNABORTED:
                return
            default:
                // Out of descriptors (EMFILE) or memory: back off until the next sweep instead of spinning
                // on a listener that stays readable.
                logger.error("accept failed: \(String(cString: strerror(errno))); pausing for a second")
                stopAccepting()
            }
            return
        }
        var one: Int32 = 1
        // Small responses must not wait for Nagle's algorithm.
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        let transport: any Transport
        if let tls = tlsContexts[listener] {
            guard let session = tls.makeTransport(socket: fd) else {
                Glibc.close(fd)
                budget.release()
                return
            }
            transport = session
        } else {
            transport = PlaintextTransport(socket: fd)
        }
        adopt(socket: fd, transport: transport, readsProxyHeader: proxyListeners.contains(listener))
    }

    private func adopt(socket fd: Int32, transport: any Transport, readsProxyHeader: Bool) {
        let index = Int(fd)
        if index >= connections.count {
            connections.append(contentsOf: repeatElement(nil, count: max(index + 1 - connections.count, connections.count)))
        }
        let connection = Connection(socket: fd, transport: transport, host: self, readsProxyHeader: readsProxyHeader)
        connections[index] = connection
        let interest = CSOCKET_EPOLLIN | CSOCKET_EPOLLOUT | CSOCKET_EPOLLRDHUP
            | CSOCKET_EPOLLET
        // Registered once for both directions, edge-triggered: no epoll_ctl per request. Adding a socket
        // that already has data queues an event for it at once.
        guard csocket_epoll_control(epoll, 1, fd, UInt32(truncatingIfNeeded: interest), UInt64(index)) == 0 else {
            connections[index] = nil
            Glibc.close(fd)
            budget.release()
            return
        }
        traffic?.connectionOpened()
        if isDraining { connection.close() }
    }

    func startAccepting() {
        guard !isAccepting, !isDraining else { return }
        isAccepting = true
        for listener in listeners {
            let interest = CSOCKET_EPOLLIN | CSOCKET_EPOLLEXCLUSIVE
            _ = csocket_epoll_control(epoll, 1, listener, UInt32(truncatingIfNeeded: interest), Self.listenerTag | UInt64(listener))
        }
    }

    func stopAccepting() {
        guard isAccepting else { return }
        isAccepting = false
        for listener in listeners { _ = csocket_epoll_control(epoll, 2, listener, 0, 0) }
    }

    // MARK: Connections

    func currentDate() -> String { dateCache.current() }

    func now() -> Int64 { System.monotonicSeconds() }

    func recordAccess(_ entry: AccessLogEntry) { accessLog?.record(entry) }

    func proxyHeaderRefused(_ refusal: ProxyRefusal, peer: IPAddress?) {
        traffic?.proxyHeaderRefused(refusal)
        // One line per refused connection; the first at info, so a proxy missing from trustedProxies is
        // noticed without a flood of lines from a scanner.
        let level: Logger.Level = proxyRefusalNotice.claim() ? .info : .debug
        logger.log(level: level, "refused a PROXY protocol connection", metadata: [
            "peer": "\(peer?.description ?? "-")", "reason": "\(refusal.reason)", "detail": "\(refusal.detail)",
        ])
    }

    func nextRequestID() -> UInt64 {
        requestCounter += 1
        return requestIDPrefix | requestCounter
    }

    /// Closes a connection's socket and forgets it. Called by the connection itself.
    func remove(_ connection: Connection) {
        let fd = connection.socket
        connections[Int(fd)] = nil
        // Closing the descriptor also removes it from the epoll set.
        Glibc.close(fd)
        traffic?.connectionClosed()
        if budget.release() { onCapacityFreed?() }
    }

    /// Stops taking new requests: idle connections close now, busy ones after their current response.
    func beginDrain() {
        stopAccepting()
        isDraining = true
        for connection in connections.compactMap({ $0 }) { connection.beginDrain() }
    }

    /// Closes every remaining connection at once (the drain deadline has passed).
    func closeAll() {
        for connection in connections.compactMap({ $0 }) { connection.close() }
    }

    private func sweep(now: Int64) {
        if !isAccepting, !isDraining, budget.count < budget.limit { startAccepting() }
        for connection in connections {
            connection?.enforceTimeouts(at: now, limits: timeoutLimits)
        }
    }
}
