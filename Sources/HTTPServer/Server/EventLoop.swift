import CSocketShims
import Foundation
import Logging
import Synchronization
import Sockets

/// One thread running an edge-triggered epoll loop over its share of the connections.
///
/// Why not Dispatch sources: libdispatch registers each socket with EPOLLONESHOT, so every readable event
/// costs an `ioctl(FIONREAD)`, two `epoll_ctl` re-arms and a hand-off to a worker thread; measured, that
/// was about twice nginx's CPU per request (docs/performance/2026-11-22-epoll-decision.md). Here a socket is registered once, for
/// reading and writing, edge-triggered, and its events are handled on the thread that waited for them.
///
/// Every connection lives on exactly one loop, so its state needs no locks. Accepting is the `Acceptor`'s,
/// the connections are in a `ConnectionTable`; this type waits, dispatches, runs work handed over from
/// other threads, sweeps the timeouts and drains.
///
/// A turn is fair: a connection writes at most `writeSliceBytes` per turn, and one that yields is continued
/// after the events of the turn are handled (epoll is then polled without waiting), so a large response
/// takes turns with everyone else instead of holding the loop.
final class EventLoop: ConnectionHost, @unchecked Sendable {
    let configuration: HTTPServerConfiguration
    let responder: any HTTPResponder
    let logger: Logger
    /// Receive buffer shared by all connections of this loop; only leftovers are copied per connection.
    let readBuffer: UnsafeMutableRawBufferPointer
    private(set) var isDraining = false
    let logsAccess: Bool
    private var accessLog: AccessLogBuffer?
    let traffic: LoopTrafficCounters?
    private var requestCounter: UInt64 = 0
    private let requestIDPrefix: UInt64

    private let name: String
    private let epoll: Epoll
    private let wakeup: WakeupSignal
    private var acceptor: Acceptor
    private var connections = ConnectionTable()
    /// Connections that yielded this turn, continued after its events.
    private var yielded: [Connection] = []
    /// The previous turn's list while it is worked through; the two swap, so a long download costs no
    /// allocation per turn.
    private var continuing: [Connection] = []
    private let proxyRefusalNotice: FirstOccurrence
    private var isRunning = true
    private var dateCache = DateHeaderCache()
    private var nextSweep: Int64 = 0
    private let tasks = Mutex<[@Sendable () -> Void]>([])
    private let stopped = Mutex<CheckedContinuation<Void, Never>?>(nil)
    /// Called (on this loop's thread) when a connection closes while the budget was full.
    var onCapacityFreed: (@Sendable () -> Void)?

    /// Event data for the wake-up descriptor; listeners carry `Acceptor.listenerTag`, connections their
    /// descriptor.
    private static let wakeupTag: UInt64 = 1 << 40

    init(index: Int, configuration: HTTPServerConfiguration, responder: any HTTPResponder, logger: Logger,
         budget: ConnectionBudget, listeners: [BoundListener],
         proxyRefusalNotice: FirstOccurrence = FirstOccurrence()) throws(SocketBindError) {
        name = "\(configuration.loopThreadName)-\(index)"
        self.configuration = configuration
        self.responder = responder
        self.logger = logger
        accessLog = configuration.accessLog.map(AccessLogBuffer.init)
        logsAccess = accessLog != nil
        traffic = configuration.traffic?.makeLoopCounters()
        requestIDPrefix = UInt64(index) << 48
        self.proxyRefusalNotice = proxyRefusalNotice
        guard let epoll = Epoll(), let wakeup = WakeupSignal() else {
            throw .system(call: "epoll_create", address: name, errno: errno)
        }
        self.epoll = epoll
        self.wakeup = wakeup
        acceptor = Acceptor(epoll: epoll, budget: budget, listeners: listeners, logger: logger)
        readBuffer = .allocate(byteCount: 64 * 1024, alignment: 16)
        epoll.add(wakeup.descriptor, events: UInt32(CSOCKET_EPOLLIN), tag: Self.wakeupTag)
        acceptor.startAccepting()
    }

    deinit {
        readBuffer.deallocate()
        epoll.close()
        wakeup.close()
    }

    func start() {
        let thread = Thread { [self] in
            // Named from inside: Foundation's `Thread.name` does not reach the kernel on Linux, and top -H,
            // perf and /proc should tell the loops apart.
            csocket_name_thread(name)
            run()
        }
        thread.start()
    }

    // MARK: Work from other threads

    /// Runs `task` on this loop's thread.
    func execute(_ task: @escaping @Sendable () -> Void) {
        tasks.withLock { $0.append(task) }
        wakeup.signal()
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
        let events = UnsafeMutablePointer<Epoll.Event>.allocate(capacity: capacity)
        defer { events.deallocate() }
        nextSweep = System.monotonicSeconds() + 1
        while isRunning {
            // Waking at least once a second for the sweep, sooner when access-log lines are due; not
            // waiting at all while connections that yielded wait for their next turn.
            let timeout = yielded.isEmpty ? min(1000, accessLog?.millisecondsUntilDue() ?? 1000) : 0
            let count = epoll.wait(into: events, capacity: capacity, timeout: Int32(timeout))
            for i in 0..<count {
                handle(events[i])
            }
            continueYielded()
            accessLog?.handOverIfDue()
            let now = System.monotonicSeconds()
            if now >= nextSweep {
                sweep(now: now)
                nextSweep = now + 1
            }
        }
        for connection in connections.all { connection.close() }
        accessLog?.handOver()
        stopped.withLock { $0?.resume() }
    }

    private func handle(_ event: Epoll.Event) {
        if event.data == Self.wakeupTag {
            wakeup.drain()
            let pending = tasks.withLock { tasks in
                defer { tasks.removeAll() }
                return tasks
            }
            pending.forEach { $0() }
        } else if let listener = Acceptor.listener(in: event.data) {
            if let accepted = acceptor.acceptOne(from: listener) { adopt(accepted) }
        } else {
            connections[Int32(truncatingIfNeeded: event.data)]?.handle(events: event.events)
        }
    }

    /// The connections that yielded last turn each get one more share, in the order they yielded.
    private func continueYielded() {
        guard !yielded.isEmpty else { return }
        swap(&continuing, &yielded)
        for connection in continuing { connection.continueWriting() }
        continuing.removeAll(keepingCapacity: true)
    }

    private func adopt(_ accepted: Acceptor.Accepted) {
        let fd = accepted.socket
        let connection = Connection(
            socket: fd, transport: accepted.transport, host: self, readsProxyHeader: accepted.readsProxyHeader)
        connections.insert(connection)
        let interest = CSOCKET_EPOLLIN | CSOCKET_EPOLLOUT | CSOCKET_EPOLLRDHUP | CSOCKET_EPOLLET
        // Registered once for both directions, edge-triggered: no epoll_ctl per request. Adding a socket
        // that already has data queues an event for it at once.
        guard epoll.add(fd, events: UInt32(truncatingIfNeeded: interest), tag: UInt64(fd)) else {
            connections.remove(socket: fd)
            Glibc.close(fd)
            acceptor.budget.release()
            return
        }
        traffic?.connectionOpened()
        if isDraining { connection.close() }
    }

    func startAccepting() {
        guard !isDraining else { return }
        acceptor.startAccepting()
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

    func continueLater(_ connection: Connection) { yielded.append(connection) }

    /// Closes a connection's socket and forgets it. Called by the connection itself.
    func remove(_ connection: Connection) {
        let fd = connection.socket
        connections.remove(socket: fd)
        // Closing the descriptor also removes it from the epoll set.
        Glibc.close(fd)
        traffic?.connectionClosed()
        if acceptor.budget.release() { onCapacityFreed?() }
    }

    /// Stops taking new requests: idle connections close now, busy ones after their current response.
    func beginDrain() {
        acceptor.stopAccepting()
        isDraining = true
        for connection in connections.all { connection.beginDrain() }
    }

    /// Closes every remaining connection at once (the drain deadline has passed).
    func closeAll() {
        for connection in connections.all { connection.close() }
    }

    private func sweep(now: Int64) {
        if !isDraining { acceptor.resumeIfRoom() }
        for connection in connections.all { connection.enforceTimeouts(at: now) }
    }
}
