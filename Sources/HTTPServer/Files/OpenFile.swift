import Glibc

/// An open, read-only regular file and the `fstat` of that same descriptor. Responders open a file once
/// and describe it from its descriptor, so the length promised in Content-Length is the length of the
/// bytes sendfile(2) reads (HTTP-RANGES.md "Bytes on the wire"). The descriptor closes when the last
/// response segment that uses it is released.
public final class OpenFile: Sendable {
    public let descriptor: Int32
    /// Size in bytes at open time.
    public let size: Int64
    /// Modification time, whole seconds since 1970 (HTTP dates have one-second resolution).
    public let modificationTime: Int64

    public enum OpenError: Error, Equatable {
        case notFound
        case notRegularFile
        case permissionDenied
        case other(errno: Int32)
    }

    /// Opens `path` read-only. Directories, devices and other non-regular files are refused.
    public static func open(path: String) throws(OpenError) -> OpenFile {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            switch errno {
            case ENOENT, ENOTDIR: throw .notFound
            case EACCES, EPERM: throw .permissionDenied
            case let e: throw .other(errno: e)
            }
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let e = errno
            close(fd)
            throw .other(errno: e)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw .notRegularFile
        }
        return OpenFile(descriptor: fd, size: Int64(info.st_size), modificationTime: Int64(info.st_mtim.tv_sec))
    }

    init(descriptor: Int32, size: Int64, modificationTime: Int64) {
        self.descriptor = descriptor
        self.size = size
        self.modificationTime = modificationTime
    }

    deinit {
        close(descriptor)
    }
}
