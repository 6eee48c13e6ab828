import Glibc

/// Crash-safe small-file writes: a temp file beside the target, fsync, rename, fsync the directory.
enum SecureFile {
    static func write(_ bytes: [UInt8], to path: String, mode: mode_t) throws(ManifestError) {
        let temp = "\(path).tmp-\(getpid())"
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard fd >= 0 else { throw .write(path: temp, errno: errno) }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, bytes.count - written) }
            guard n > 0 else {
                let e = errno
                close(fd)
                unlink(temp)
                throw .write(path: temp, errno: e)
            }
            written += n
        }
        fchmod(fd, mode)
        guard fsync(fd) == 0, close(fd) == 0, rename(temp, path) == 0 else {
            let e = errno
            unlink(temp)
            throw .write(path: path, errno: e)
        }
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        let dirFD = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dirFD >= 0 {
            fsync(dirFD)
            close(dirFD)
        }
    }
}
