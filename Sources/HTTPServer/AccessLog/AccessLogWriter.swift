import Foundation
import Glibc
import Synchronization

/// Writes access-log lines from its own thread, so no event loop ever waits for a disk.
///
/// Loops format lines into buffers of their own and hand a whole buffer over (`submit`) once per batch
/// of events; this thread writes them with write(2) in order of arrival. When the disk is slower than the
/// traffic, buffers waiting here are capped (`maxPendingBytes`): past that, whole buffers are dropped and
/// their lines counted (`droppedLines`) instead of stalling a loop or growing without bound.
/// `reopen()` (SIGUSR1) reopens the file by its path, for logrotate's rename-then-signal.
public final class AccessLogWriter: Sendable {
    public let format: AccessLogFormat
    /// `-` for standard error, else a file opened for appending (created 0644 if missing).
    public let path: String
    public let maxPendingBytes: Int

    private struct State {
        var pending: [[UInt8]] = []
        var pendingBytes = 0
        var reopenRequested = false
        var stopped = false
        var descriptor: Int32
    }

    private let state: Mutex<State>
    private let wakeup = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let dropped = Atomic<Int>(0)

    public init(format: AccessLogFormat, path: String, maxPendingBytes: Int = 8 << 20) throws(AccessLogError) {
        self.format = format
        self.path = path
        self.maxPendingBytes = maxPendingBytes
        state = Mutex(State(descriptor: try Self.open(path)))
        let thread = Thread { [self] in run() }
        thread.name = "packserve-access-log"
        thread.start()
    }

    /// Lines dropped because the writer could not keep up (or writing failed).
    public var droppedLines: Int { dropped.load(ordering: .relaxed) }

    /// Hands a buffer of whole lines to the writer thread; never blocks on I/O.
    func submit(_ buffer: [UInt8], lines: Int) {
        let accepted = state.withLock { state in
            guard !state.stopped, state.pendingBytes + buffer.count <= maxPendingBytes else { return false }
            state.pending.append(buffer)
            state.pendingBytes += buffer.count
            return true
        }
        if accepted {
            wakeup.signal()
        } else {
            dropped.add(lines, ordering: .relaxed)
        }
    }

    /// Opens the path again on the writer thread (after logrotate renamed the file).
    public func reopen() {
        state.withLock { $0.reopenRequested = true }
        wakeup.signal()
    }

    /// Writes what is pending, then ends the thread; waits for that up to `timeout` seconds.
    public func stop(timeout: Double = 5) {
        let first = state.withLock { state in
            defer { state.stopped = true }
            return !state.stopped
        }
        guard first else { return }
        wakeup.signal()
        _ = finished.wait(timeout: .now() + timeout)
    }

    private func run() {
        while true {
            wakeup.wait()
            let (batch, reopen, stopped, descriptor) = state.withLock { state in
                defer {
                    state.pending.removeAll(keepingCapacity: true)
                    state.pendingBytes = 0
                    state.reopenRequested = false
                }
                return (state.pending, state.reopenRequested, state.stopped, state.descriptor)
            }
            var fd = descriptor
            if reopen, path != "-", let fresh = try? Self.open(path) {
                close(fd)
                fd = fresh
                state.withLock { $0.descriptor = fresh }
            }
            for buffer in batch { write(buffer, to: fd) }
            if stopped {
                if path != "-" { close(fd) }
                finished.signal()
                return
            }
        }
    }

    private func write(_ buffer: [UInt8], to fd: Int32) {
        var offset = 0
        let ok = buffer.withUnsafeBytes { bytes -> Bool in
            while offset < bytes.count {
                let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if n > 0 {
                    offset += n
                } else if n < 0 && errno == EINTR {
                    continue
                } else {
                    return false
                }
            }
            return true
        }
        if !ok {
            // A full disk or a broken pipe: count what is lost rather than retry forever.
            dropped.add(buffer.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }, ordering: .relaxed)
        }
    }

    private static func open(_ path: String) throws(AccessLogError) -> Int32 {
        if path == "-" { return STDERR_FILENO }
        let fd = Glibc.open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw AccessLogError(path: path, reason: String(cString: strerror(errno))) }
        return fd
    }
}
