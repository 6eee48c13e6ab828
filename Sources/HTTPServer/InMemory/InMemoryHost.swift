import Logging
import Sockets
import Synchronization

/// `InMemoryConnection`'s event loop, as its one connection sees it: the caller's thread, a fixed Date
/// header, no access log, and work handed over from other threads queued until the caller runs it.
final class InMemoryHost: ConnectionHost {
    let configuration: HTTPServerConfiguration
    let responder: any HTTPResponder
    let logger: Logger
    let logsAccess = false
    let traffic: LoopTrafficCounters?
    let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    private let date: String
    private var requests: UInt64 = 0
    /// The connection closed itself.
    private(set) var removed = false
    /// The connection stopped at its write slice and waits for its next turn.
    var yielded = false
    private let tasks = Mutex<[@Sendable () -> Void]>([])

    init(configuration: HTTPServerConfiguration, responder: any HTTPResponder, date: String, logger: Logger) {
        self.configuration = configuration
        self.responder = responder
        self.date = date
        self.logger = logger
        traffic = configuration.traffic?.makeLoopCounters()
    }

    deinit { readBuffer.deallocate() }

    func currentDate() -> String { date }
    func now() -> Int64 { System.monotonicSeconds() }
    func nextRequestID() -> UInt64 {
        requests += 1
        return requests
    }
    func recordAccess(_ entry: AccessLogEntry) {}
    func proxyHeaderRefused(_ refusal: ProxyRefusal, peer: IPAddress?) {}
    func continueLater(_ connection: Connection) { yielded = true }
    func remove(_ connection: Connection) { removed = true }
    func execute(_ task: @escaping @Sendable () -> Void) { tasks.withLock { $0.append(task) } }

    /// Runs what other threads handed over; returns how many tasks ran.
    func runTasks() -> Int {
        let pending = tasks.withLock { tasks in
            defer { tasks.removeAll() }
            return tasks
        }
        pending.forEach { $0() }
        return pending.count
    }
}
