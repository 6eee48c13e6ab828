import CSocketShims
import Glibc
import Logging
import Sockets

/// A loop's side of the listening sockets: it watches them (or stops watching while the connection
/// budget is spent or accepting failed), accepts one connection per readiness event, and gives each the
/// transport and PROXY header rule of the listener that accepted it.
///
/// All loops wait on the shared listening sockets with EPOLLEXCLUSIVE, and a loop keeps the connections
/// it accepts.
struct Acceptor {
    /// A socket accepted and made ready for a `Connection`; its place in the budget is reserved.
    struct Accepted {
        var socket: Int32
        var transport: any Transport
        var readsProxyHeader: Bool
    }

    /// Event data for listeners: the tag and the descriptor (connections use their descriptor alone).
    static let listenerTag: UInt64 = 1 << 41

    private let epoll: Epoll
    let budget: ConnectionBudget
    private let listeners: [Int32]
    /// The TLS identity of each TLS listener, by descriptor; plaintext listeners have none.
    private let tlsContexts: [Int32: TLSServerContext]
    /// The listeners whose connections start with a PROXY protocol header.
    private let proxyListeners: Set<Int32>
    private let logger: Logger
    private(set) var isAccepting = false

    init(epoll: Epoll, budget: ConnectionBudget, listeners: [BoundListener], logger: Logger) {
        self.epoll = epoll
        self.budget = budget
        self.logger = logger
        self.listeners = listeners.map(\.socket.descriptor)
        var contexts: [Int32: TLSServerContext] = [:]
        for listener in listeners { contexts[listener.socket.descriptor] = listener.tls }
        tlsContexts = contexts
        proxyListeners = Set(listeners.filter(\.proxyProtocol).map(\.socket.descriptor))
    }

    /// The listener an epoll event's data names, if it names one.
    static func listener(in data: UInt64) -> Int32? {
        data & listenerTag != 0 ? Int32(truncatingIfNeeded: data & 0xFFFF_FFFF) : nil
    }

    /// Accepts one connection per readiness event, so a burst of connections spreads over the loops (each
    /// listener wakes one waiting loop) instead of piling onto whichever loop woke first.
    mutating func acceptOne(from listener: Int32) -> Accepted? {
        guard budget.reserve() else {
            // Full: stop accepting rather than accept-and-drop; the kernel backlog holds the rest.
            stopAccepting()
            return nil
        }
        let fd = csocket_accept_nonblocking(listener)
        guard fd >= 0 else {
            budget.release()
            switch errno {
            case EAGAIN, EWOULDBLOCK, EINTR, ECONNABORTED:
                return nil
            default:
                // Out of descriptors (EMFILE) or memory: back off until the next sweep instead of spinning
                // on a listener that stays readable.
                logger.error("accept failed: \(String(cString: strerror(errno))); pausing for a second")
                stopAccepting()
            }
            return nil
        }
        var one: Int32 = 1
        // Small responses must not wait for Nagle's algorithm.
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        let transport: any Transport
        if let tls = tlsContexts[listener] {
            guard let session = tls.makeTransport(socket: fd) else {
                Glibc.close(fd)
                budget.release()
                return nil
            }
            transport = session
        } else {
            transport = PlaintextTransport(socket: fd)
        }
        return Accepted(socket: fd, transport: transport, readsProxyHeader: proxyListeners.contains(listener))
    }

    mutating func startAccepting() {
        guard !isAccepting else { return }
        isAccepting = true
        for listener in listeners {
            let interest = CSOCKET_EPOLLIN | CSOCKET_EPOLLEXCLUSIVE
            epoll.add(listener, events: UInt32(truncatingIfNeeded: interest), tag: Self.listenerTag | UInt64(listener))
        }
    }

    mutating func stopAccepting() {
        guard isAccepting else { return }
        isAccepting = false
        for listener in listeners { epoll.remove(listener) }
    }

    /// The back-off ends at the sweep after the budget has room again.
    mutating func resumeIfRoom() {
        if !isAccepting, budget.count < budget.limit { startAccepting() }
    }
}
