import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a small file so that a reader (or a crash, or a kill) sees either the old bytes or the new
/// ones, never a mix: write a temporary file beside it, fsync it, rename it over the old one (rename is
/// atomic within a file system, POSIX rename(2)), then fsync the directory so the rename itself survives a
/// power cut.
enum AtomicFile {
    /// - Parameter durable: false skips both fsyncs: still atomic (a reader sees old or new bytes), but a
    ///   power cut may bring the old bytes back. For bookkeeping that may be lost, like access times.
    static func write(_ bytes: [UInt8], to url: URL, durable: Bool = true) throws(PackKitError) {
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .io("cannot create \(temporary.path): errno \(errno)") }
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            guard result > 0 else {
                let code = errno
                close(descriptor)
                unlink(temporary.path)
                throw .io("cannot write \(temporary.path): errno \(code)")
            }
            written += result
        }
        guard !durable || fsync(descriptor) == 0 else {
            let code = errno
            close(descriptor)
            unlink(temporary.path)
            throw .io("cannot fsync \(temporary.path): errno \(code)")
        }
        close(descriptor)
        guard rename(temporary.path, url.path) == 0 else {
            let code = errno
            unlink(temporary.path)
            throw .io("cannot rename onto \(url.path): errno \(code)")
        }
        if durable { syncDirectory(directory) }
    }

    /// fsync of a directory makes a rename in it durable; failure only weakens durability, not atomicity.
    static func syncDirectory(_ directory: URL) {
        let descriptor = open(directory.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    /// The file's bytes, or nil when it does not exist.
    static func read(_ url: URL) throws(PackKitError) -> [UInt8]? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        guard let data = FileManager.default.contents(atPath: url.path) else { throw .io("cannot read \(url.path)") }
        return Array(data)
    }
}
