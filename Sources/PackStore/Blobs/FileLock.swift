import DurableFiles
import SystemPackage

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An advisory `flock(2)` lock on a file in the data directory, shared between processes. The kernel drops it
/// when the holder dies, so a killed `packserve add` never leaves the store locked.
///
/// Who locks what: `add` holds `ingest.lock` shared from its first temp file to its index commit; `gc` and
/// `fsck --repair` hold it exclusively while they decide what is garbage and delete it, so they can never delete
/// a blob or temp file that an ingest is about to commit. Opening the index holds `index.lock` exclusively so
/// two processes never run migrations at once.
enum FileLock {
    enum Mode {
        case shared, exclusive

        var operation: Int32 { self == .shared ? LOCK_SH : LOCK_EX }
    }

    /// Runs `body` holding the lock. Without `wait`, blocks until the lock is free; with it, announces the
    /// wait and gives up (`PackStoreError.lockBusy`) after `wait.seconds`, polling every 50 ms (flock(2) has
    /// no timeout of its own).
    static func withLock<T>(
        _ path: String, _ mode: Mode, wait: LockWait? = nil, _ body: () throws(PackStoreError) -> T
    ) throws(PackStoreError) -> T {
        let fd = try POSIX.openFile(path, O_RDWR | O_CREAT, mode: 0o644, for: "open lock file")
        defer { close(fd) }  // closing the descriptor releases the lock
        do {
            if let wait {
                try acquire(fd, mode, path: path, wait: wait)
            } else {
                _ = try Errno.retryingInterrupts { flock(fd, mode.operation) }
            }
        } catch let error as PackStoreError {
            throw error
        } catch let error as Errno {
            throw .io(operation: "lock", path: path, errno: error.rawValue)
        } catch {
            throw .io(operation: "lock", path: path, errno: EIO)
        }
        return try body()
    }

    private static func acquire(_ fd: Int32, _ mode: Mode, path: String, wait: LockWait) throws {
        let start = ContinuousClock.now
        var announced = false
        while true {
            if flock(fd, mode.operation | LOCK_NB) == 0 { return }
            guard errno == EWOULDBLOCK || errno == EINTR else { throw Errno(rawValue: errno) }
            if !announced {
                announced = true
                wait.announce("waiting for the uploads and adds in progress to finish (\(path) is held); giving up after \(Int(wait.seconds)) s")
            }
            guard ContinuousClock.now - start < .seconds(wait.seconds) else {
                throw PackStoreError.lockBusy(path: path, waitedSeconds: Int(wait.seconds))
            }
            usleep(50_000)
        }
    }
}
