import Logging
import Sockets

/// What a connection needs from the event loop that owns it. A seam, so that tests can drive a
/// `Connection` through an in-memory transport and a manual clock, without sockets, threads or waiting.
protocol ConnectionHost: AnyObject {
    var configuration: HTTPServerConfiguration { get }
    var responder: any HTTPResponder { get }
    var logger: Logger { get }
    /// Whether an access-log line is written per response (read once, not per response).
    var logsAccess: Bool { get }
    /// Adds a line to the access log (only called when `logsAccess`).
    func recordAccess(_ entry: AccessLogEntry)
    /// Counts and logs a connection refused before its PROXY protocol header was accepted.
    func proxyHeaderRefused(_ refusal: ProxyRefusal, peer: IPAddress?)
    /// This loop's traffic counters (docs/metrics.md), or nil when nothing counts.
    var traffic: LoopTrafficCounters? { get }
    /// A request id unique within the server's run.
    func nextRequestID() -> UInt64
    /// The receive buffer the host's connections share; only leftovers are copied per connection.
    var readBuffer: UnsafeMutableRawBufferPointer { get }
    /// The Date header value for now.
    func currentDate() -> String
    /// Seconds on a monotonic clock (timeouts need whole seconds).
    func now() -> Int64
    /// Runs `task` on the host's thread soon; callable from any thread (how deferred responses and
    /// streamed bodies wake a connection).
    func execute(_ task: @escaping @Sendable () -> Void)
    /// Continues `connection` on a later turn of the loop, after the connections that are ready now: it
    /// stopped writing at its share of this turn (`HTTPServerConfiguration.writeSliceBytes`) while the
    /// socket still takes bytes, so no readiness edge will bring it back.
    func continueLater(_ connection: Connection)
    /// Forgets a connection that closed itself and closes its descriptor.
    func remove(_ connection: Connection)
}
