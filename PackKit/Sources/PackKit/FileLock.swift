import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive flock(2) on a lock file beside shared state, held for one read-decide-write: an app and
/// its Background Assets extension (two processes, one app-group container) must not both read the old
/// state and then both write.
enum FileLock {
    static func withLock<Result>(_ url: URL, _ body: () throws(PackKitError) -> Result) throws(PackKitError) -> Result {
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .io("cannot open \(url.path): errno \(errno)") }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw .io("cannot lock \(url.path): errno \(errno)") }
        }
        defer { _ = flock(descriptor, LOCK_UN) }
        return try body()
    }
}
