import CSocketShims
import Logging

/// One connection of the server with no socket under it. What a peer sends is handed to `receive(_:)`;
/// the server's own `Connection` parses it, calls the responder and writes the answers to memory, where
/// they are counted. For measuring the server's work per request (Benchmarks/, scripts/bench-hotpath) and
/// for driving an application's responder exactly as the server does, without a port, a thread or a wait.
///
/// Everything runs on the caller's thread, inside its calls; one thread at a time drives it. No TLS, no
/// access log, no timeouts (nothing sweeps them). A deferred response or a streamed body completes on
/// another thread: `runTasks()` then continues the connection, as its event loop would.
public final class InMemoryConnection {
    private let host: InMemoryHost
    private let transport = InMemoryTransport()
    private let connection: Connection

    /// - Parameters:
    ///   - configuration: the server's; with `traffic`, responses are counted there as an event loop counts them.
    ///   - date: the Date header of every response, fixed so that the same requests give the same bytes.
    public init(
        responder: any HTTPResponder,
        configuration: HTTPServerConfiguration = HTTPServerConfiguration(host: "127.0.0.1", port: 0),
        date: String = "Mon, 23 Nov 2026 00:00:00 GMT",
        logger: Logger = Logger(label: "in-memory-connection") { _ in SwiftLogNoOpLogHandler() }
    ) {
        host = InMemoryHost(configuration: configuration, responder: responder, date: date, logger: logger)
        connection = Connection(socket: -1, transport: transport, host: host)
    }

    /// Bytes from the peer, read as from a socket: every request they complete is answered before this
    /// returns, unless the responder deferred it. Ignored once the connection closed.
    public func receive(_ bytes: [UInt8]) {
        guard !host.removed else { return }
        transport.append(bytes)
        connection.handle(events: UInt32(CSOCKET_EPOLLIN))
        continueYielded()
    }

    /// Runs what other threads handed to the connection (a deferred response completed, a streamed body
    /// read); returns how many tasks ran.
    @discardableResult
    public func runTasks() -> Int {
        let count = host.runTasks()
        continueYielded()
        return count
    }

    /// Response heads and bodies written from memory, in bytes.
    public var bytesWritten: Int { transport.bytesWritten }

    /// File bodies sent (with sendfile(2) on a socket; here counted, not read), in bytes.
    public var fileBytesSent: Int { transport.fileBytesSent }

    /// The connection closed itself (after `Connection: close`, an error, a refusal).
    public var isClosed: Bool { host.removed }

    /// A response larger than the write slice yields to the loop's other connections; here there are none.
    private func continueYielded() {
        while host.yielded, !host.removed {
            host.yielded = false
            connection.continueWriting()
        }
    }
}
