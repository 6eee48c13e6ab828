import Glibc

/// Writes the PEM files and the profile crash-safely: each goes to a temp file in its own directory
/// (created by mkstemp(3) with mode 0600 from the first instant: a key is never readable by others, not
/// even half-written), is fsynced, then renamed over the target; the directory is fsynced last so the
/// renames survive a power cut. All files are staged before the first rename, so a key and its
/// certificate are replaced within microseconds of each other rather than one slow write apart.
enum PEMFileWriter {
    struct File {
        let path: String
        let contents: String
        /// Final permissions: 0600 for keys, 0644 for certificates and the profile.
        let mode: mode_t
    }

    static func write(_ files: [File]) throws(DevelopmentCertificatesError) {
        var staged: [(temp: String, path: String)] = []
        do throws(DevelopmentCertificatesError) {
            for file in files {
                staged.append((try stage(file), file.path))
            }
            for (temp, path) in staged where rename(temp, path) != 0 {
                throw .cannotWrite(path: path, errno: errno)
            }
        } catch {
            for (temp, _) in staged { unlink(temp) }
            throw error
        }
        for directory in Set(files.map { directoryOf($0.path) }) {
            let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if fd >= 0 {
                fsync(fd)
                close(fd)
            }
        }
    }

    /// Writes `file` to a new temp file beside its target and returns the temp file's path.
    private static func stage(_ file: File) throws(DevelopmentCertificatesError) -> String {
        let base = file.path.split(separator: "/").last.map(String.init) ?? file.path
        var template = Array("\(directoryOf(file.path))/.\(base).tmp-XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { throw .cannotWrite(path: file.path, errno: errno) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        let temp = String(cBuffer: template)
        let bytes = Array(file.contents.utf8)
        var written = 0
        var failure: Int32 = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, bytes.count - written) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                failure = n == 0 ? EIO : errno
                break
            }
            written += n
        }
        if failure == 0 && (fchmod(fd, file.mode) != 0 || fsync(fd) != 0) { failure = errno }
        if close(fd) != 0 && failure == 0 { failure = errno }
        guard failure == 0 else {
            unlink(temp)
            throw .cannotWrite(path: file.path, errno: failure)
        }
        return temp
    }

    private static func directoryOf(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
