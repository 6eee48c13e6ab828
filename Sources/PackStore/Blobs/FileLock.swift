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

    static func withLock<T>(
        _ path: String, _ mode: Mode, _ body: () throws(PackStoreError) -> T
    ) throws(PackStoreError) -> T {
        let fd = try POSIX.openFile(path, O_RDWR | O_CREAT, mode: 0o644, for: "open lock file")
        defer { close(fd) }  // closing the descriptor releases the lock
        do {
            _ = try Errno.retryingInterrupts { flock(fd, mode.operation) }
        } catch {
            throw .io(operation: "lock", path: path, errno: error.rawValue)
        }
        return try body()
    }
}
