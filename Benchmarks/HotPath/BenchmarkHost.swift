// Built only by scripts/bench-hotpath, which compiles the modules for testing (it reaches the server's
// internal `Connection`, `Transport` and `ConnectionHost`); any other build gets an empty program.
#if HOTPATH_BENCH
import Logging
@testable import HTTPServer
@testable import PackServer

/// The event loop's part as one connection sees it, with the application's responder and no access log.
final class BenchmarkHost: ConnectionHost {
    let configuration: HTTPServerConfiguration
    let responder: any HTTPResponder
    let logger = Logger(label: "hotpath") { _ in SwiftLogNoOpLogHandler() }
    let logsAccess = false
    let traffic: LoopTrafficCounters?
    private var requests: UInt64 = 0
    let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    var isDraining = false
    init(responder: PackServeResponder) {
        configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0)
        self.responder = responder
        traffic = LoopTrafficCounters(layout: TrafficCounterLayout(routeCount: responder.routeNames.count))
    }
    func currentDate() -> String { "Mon, 23 Nov 2026 00:00:00 GMT" }
    func now() -> Int64 { System.monotonicSeconds() }
    func remove(_ connection: Connection) {}
    func continueLater(_ connection: Connection) {}
    func execute(_ task: @escaping @Sendable () -> Void) {}
    func recordAccess(_ entry: AccessLogEntry) {}
    func proxyHeaderRefused(_ refusal: ProxyRefusal, peer: IPAddress?) {}
    func nextRequestID() -> UInt64 { requests += 1; return requests }
}
#endif
import Sockets
