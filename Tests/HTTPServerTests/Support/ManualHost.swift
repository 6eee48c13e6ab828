@testable import HTTPServer
import Logging
import Synchronization
import Sockets

/// A `ConnectionHost` with a clock the test sets: a connection driven through it runs on the test's
/// thread, one event at a time, with no waiting.
final class ManualHost: ConnectionHost {
    let configuration: HTTPServerConfiguration
    let responder: any HTTPResponder
    let logger = Logger(label: "manual-host") { _ in SwiftLogNoOpLogHandler() }
    let logsAccess = true
    private(set) var logged: [AccessLogEntry] = []
    /// Routes 0 (unrouted) and 1 (`RoutingResponder`'s `/routed…`).
    let traffic: LoopTrafficCounters? = LoopTrafficCounters(layout: TrafficCounterLayout(routeCount: 2))
    private var requests: UInt64 = 0
    let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    var isDraining = false
    var clock: Int64 = 1000
    private(set) var removed = false
    /// Tasks handed to `execute` from any thread; the test runs them with `runTasks()`, as the loop would.
    private let tasks = Mutex<[@Sendable () -> Void]>([])

    /// epoll's bits, as the event loop passes them.
    static let readable: UInt32 = 0x001
    static let writable: UInt32 = 0x004
    static let peerHungUp: UInt32 = 0x2000

    init(responder: any HTTPResponder = EchoResponder(), configure: (inout HTTPServerConfiguration) -> Void = { _ in }) {
        configuration = TestServer.configuration(configure)
        self.responder = responder
    }

    deinit { readBuffer.deallocate() }

    /// Connections that yielded at their write slice, in order; `runYielded()` gives them their next turn.
    private(set) var yielded: [Connection] = []

    func currentDate() -> String { "Mon, 23 Nov 2026 00:00:00 GMT" }
    func now() -> Int64 { clock }
    func remove(_ connection: Connection) { removed = true }
    func continueLater(_ connection: Connection) { yielded.append(connection) }

    /// The loop's next turn for the connections that yielded; returns how many there were.
    @discardableResult
    func runYielded() -> Int {
        let turn = yielded
        yielded = []
        turn.forEach { $0.continueWriting() }
        return turn.count
    }
    func execute(_ task: @escaping @Sendable () -> Void) { tasks.withLock { $0.append(task) } }

    /// Runs what other threads handed to the host; returns how many tasks ran.
    @discardableResult
    func runTasks() -> Int {
        let pending = tasks.withLock { tasks in
            defer { tasks.removeAll() }
            return tasks
        }
        pending.forEach { $0() }
        return pending.count
    }
    func recordAccess(_ entry: AccessLogEntry) { logged.append(entry) }
    private(set) var proxyRefusals: [ProxyRefusal] = []
    func proxyHeaderRefused(_ refusal: ProxyRefusal, peer: IPAddress?) { proxyRefusals.append(refusal) }
    func nextRequestID() -> UInt64 {
        requests += 1
        return requests
    }
}
