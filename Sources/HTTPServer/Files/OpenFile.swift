import Glibc
import HTTP1

/// An open, read-only regular file and the `fstat` of that same descriptor. Responders open a file once
/// and describe it from its descriptor, so the length promised in Content-Length is the length of the
/// bytes sendfile(2) reads (docs/http.md "Bytes on the wire"). The descriptor closes when the last
/// response segment that uses it is released.
///
/// Opening never blocks the event loop on something that is not a regular file: `O_NONBLOCK` makes
/// `open(2)` of a FIFO return at once (without it, it waits for a writer), and anything that is not a
/// regular file is refused once its descriptor is checked.
public final class OpenFile: Sendable {
    public let descriptor: Int32
    /// Size in bytes at open time.
    public let size: Int64
    /// Modification time, whole seconds since 1970 (HTTP dates have one-second resolution).
    public let modificationTime: Int64
    /// What responses say of this file, derived from the same fstat and made once here: an open file is
    /// shared (`OpenFileCache`) by every response that sends it, and these would otherwise be formatted
    /// for each. `modificationTime` as an HTTP-date (RFC 9110 §5.6.7), sent as Last-Modified.
    public let modificationDate: String
    /// The strong entity tag a static file is served with (`Representation.staticEntityTag`).
    public let staticEntityTag: EntityTag

    public enum OpenError: Error, Equatable {
        /// Nothing there, or nothing a client may name: a missing file, a name too long, a symbolic link
        /// where none is allowed, a loop of links.
        case notFound
        case notRegularFile
        case permissionDenied
        case other(errno: Int32)
    }

    /// Flags for every open: regular files ignore O_NONBLOCK for reads, FIFOs and devices do not block.
    private static let readFlags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY

    /// Opens `path` read-only. Directories, devices, FIFOs and other non-regular files are refused.
    public static func open(path: String) throws(OpenError) -> OpenFile {
        try adopt(Glibc.open(path, readFlags))
    }

    /// Opens `segments` (each a single name, no `/`, `.` or `..`: see `SafePath`) inside the directory
    /// `root`, never leaving it: every component is opened relative to the one before with `O_NOFOLLOW`,
    /// so a symbolic link anywhere below `root` is refused (ELOOP → `notFound`) instead of followed out of
    /// the directory. `root` itself may be a link (it is the operator's choice, not a client's).
    public static func open(segments: [String], beneath root: String) throws(OpenError) -> OpenFile {
        var directory = Glibc.open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { throw error(errno) }
        defer { Glibc.close(directory) }
        guard let name = segments.last else {
            return try adopt(openat(directory, ".", readFlags))
        }
        for segment in segments.dropLast() {
            let next = openat(directory, segment, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard next >= 0 else { throw error(errno) }
            Glibc.close(directory)
            directory = next
        }
        return try adopt(openat(directory, name, readFlags | O_NOFOLLOW))
    }

    /// Takes ownership of the descriptor `open` returned (or its failure) and checks it is a regular file.
    private static func adopt(_ fd: Int32) throws(OpenError) -> OpenFile {
        guard fd >= 0 else { throw error(errno) }
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

    /// What a failed open means to a client. Everything a request path can cause maps to `notFound`, so
    /// client input never becomes a 500: ENAMETOOLONG (a segment over 255 bytes), ELOOP (a link under
    /// O_NOFOLLOW, or a loop of links), ENOTDIR (a file used as a directory).
    private static func error(_ code: Int32) -> OpenError {
        switch code {
        case ENOENT, ENOTDIR, ENAMETOOLONG, ELOOP: .notFound
        case EACCES, EPERM: .permissionDenied
        default: .other(errno: code)
        }
    }

    init(descriptor: Int32, size: Int64, modificationTime: Int64) {
        self.descriptor = descriptor
        self.size = size
        self.modificationTime = modificationTime
        modificationDate = HTTPDate.format(modificationTime)
        staticEntityTag = Representation.staticEntityTag(modificationTime: modificationTime, size: size)
    }

    deinit {
        close(descriptor)
    }
}
