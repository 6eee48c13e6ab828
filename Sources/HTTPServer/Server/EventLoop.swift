import Dispatch
import Logging

/// A serial queue that owns a share of the connections, one reusable read buffer, the cached Date
/// header, and a once-a-second sweep that enforces the header, idle and write-stall timeouts.
///
/// Every connection lives on exactly one loop, so its state needs no locks; the server runs one loop
/// per core.
final class EventLoop: @unchecked Sendable {
    let queue: DispatchQueue
    let configuration: HTTPServerConfiguration
    let responder: any HTTPResponder
    let logger: Logger
    /// Receive buffer shared by all connections of this loop; only leftovers are copied per connection.
    let readBuffer: UnsafeMutableRawBufferPointer
    private(set) var isDraining = false

    private var connections: [Int32: Connection] = [:]
    private var dateCache = DateHeaderCache()
    private var sweepTimer: DispatchSourceTimer?
    /// Told about every closed connection (the server counts them to pause and resume accepting).
    /// Set once, before the loop starts.
    var onClose: (@Sendable () -> Void)?

    init(index: Int, configuration: HTTPServerConfiguration, responder: any HTTPResponder, logger: Logger) {
        queue = DispatchQueue(label: "packserve.loop.\(index)", qos: .userInitiated)
        self.configuration = configuration
        self.responder = responder
        self.logger = logger
        readBuffer = .allocate(byteCount: 64 * 1024, alignment: 16)
    }

    deinit {
        readBuffer.deallocate()
    }

    func start() {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + 1, repeating: 1, leeway: .milliseconds(100))
        timer.setEventHandler { [unowned self] in self.sweep() }
        timer.resume()
        sweepTimer = timer
    }

    /// Takes ownership of an accepted, non-blocking socket. Called on any thread.
    func adopt(socket: Int32) {
        queue.async { [self] in
            let connection = Connection(socket: socket, loop: self)
            connections[socket] = connection
            if isDraining { connection.close() } else { connection.start() }
        }
    }

    func currentDate() -> String { dateCache.current() }

    /// Called by a connection once its socket is closed.
    func connectionClosed(socket: Int32) {
        connections[socket] = nil
        onClose?()
    }

    /// Stops taking new requests: idle connections close now, busy ones after their current response.
    func beginDrain() {
        queue.async { [self] in
            isDraining = true
            for connection in connections.values { connection.beginDrain() }
        }
    }

    /// Closes every remaining connection at once (the drain deadline has passed).
    func closeAll() {
        queue.async { [self] in
            for connection in connections.values { connection.close() }
            sweepTimer?.cancel()
        }
    }

    private func sweep() {
        let now = System.monotonicSeconds()
        let c = configuration
        for connection in connections.values {
            if connection.hasPendingOutput {
                if now - connection.lastWriteProgress >= Int64(c.writeTimeoutSeconds) { connection.close() }
            } else if connection.isReadingBody {
                if now - connection.lastActivity >= Int64(c.idleTimeoutSeconds) { connection.close() }
            } else if let started = connection.headStartedAt {
                // Slowloris: the whole head must arrive within the header timeout, however it trickles in.
                if now - started >= Int64(c.headerTimeoutSeconds) { connection.close() }
            } else if now - connection.lastActivity >= Int64(c.idleTimeoutSeconds) {
                connection.close()
            }
        }
    }
}
