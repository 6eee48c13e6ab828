import Dispatch
import Glibc

/// Read and write readiness of one socket, delivered as callbacks on an event loop's serial queue
/// (Dispatch sources, which libdispatch multiplexes over epoll on Linux).
///
/// Dispatch sources must be resumed and suspended in balance and may not be released while suspended,
/// so this type owns that bookkeeping. The socket is closed only after both sources are cancelled,
/// so the descriptor number can't be reused while a source still watches it.
final class SocketReadiness: @unchecked Sendable {
    private let socket: Int32
    private let readSource: DispatchSourceRead
    private let writeSource: DispatchSourceWrite
    private var readEnabled = false
    private var writeEnabled = false
    private var cancelled = false

    /// - Parameters:
    ///   - onReadable: called on `queue` while reading is enabled and bytes (or EOF) are available.
    ///   - onWritable: called on `queue` while writing is enabled and the socket has buffer space.
    init(socket: Int32, queue: DispatchQueue, onReadable: @escaping () -> Void, onWritable: @escaping () -> Void) {
        self.socket = socket
        readSource = DispatchSource.makeReadSource(fileDescriptor: socket, queue: queue)
        writeSource = DispatchSource.makeWriteSource(fileDescriptor: socket, queue: queue)
        readSource.setEventHandler(handler: onReadable)
        writeSource.setEventHandler(handler: onWritable)
    }

    /// Must be called on the loop's queue.
    func setReading(_ enabled: Bool) {
        guard enabled != readEnabled, !cancelled else { return }
        readEnabled = enabled
        if enabled { readSource.resume() } else { readSource.suspend() }
    }

    /// Must be called on the loop's queue.
    func setWriting(_ enabled: Bool) {
        guard enabled != writeEnabled, !cancelled else { return }
        writeEnabled = enabled
        if enabled { writeSource.resume() } else { writeSource.suspend() }
    }

    /// Stops both sources, then closes the socket and calls `completion` on the loop's queue.
    func cancel(completion: @escaping () -> Void) {
        guard !cancelled else { return }
        cancelled = true
        var pending = 2
        let socket = self.socket
        let finish: () -> Void = { [readSource, writeSource] in
            pending -= 1
            guard pending == 0 else { return }
            // Break the source → handler → connection → source cycle.
            readSource.setEventHandler(handler: nil)
            writeSource.setEventHandler(handler: nil)
            close(socket)
            completion()
        }
        readSource.setCancelHandler(handler: finish)
        writeSource.setCancelHandler(handler: finish)
        readSource.cancel()
        writeSource.cancel()
        // A never-resumed (or suspended) source runs its cancel handler only once resumed.
        if !readEnabled { readSource.resume() }
        if !writeEnabled { writeSource.resume() }
    }
}
