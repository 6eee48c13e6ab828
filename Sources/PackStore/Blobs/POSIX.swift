import DurableFiles
import SystemPackage

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system calls the blob store needs, as one-line `PackStoreError.io` failures naming the operation and
/// the path. Reading and writing go through swift-system's `FileDescriptor`, syncing and renaming into place
/// through `DurableFiles` (EINTR retried there); the rest are thin wrappers. (Method names differ from the C
/// names on purpose: inside this type the C functions stay reachable unqualified.)
enum POSIX {
    static func openFile(_ path: String, _ flags: Int32, mode: mode_t = 0o644, for operation: String)
        throws(PackStoreError) -> Int32
    {
        do {
            return try Errno.retryingInterrupts { open(path, flags | O_CLOEXEC, mode) }
        } catch {
            throw .io(operation: operation, path: path, errno: error.rawValue)
        }
    }

    static func status(of fd: Int32, path: String) throws(PackStoreError) -> stat {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .io(operation: "stat", path: path, errno: errno) }
        return info
    }

    /// `nil` when nothing exists at `path`.
    static func status(atPath path: String) throws(PackStoreError) -> stat? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw .io(operation: "stat", path: path, errno: errno)
        }
        return info
    }

    /// Makes a directory entry change (a rename or a new file) durable: POSIX only promises that after an fsync
    /// of the directory itself.
    static func syncDirectory(_ path: String) throws(PackStoreError) {
        do {
            try FileDescriptor.syncDirectory(path)
        } catch {
            throw .io(operation: "fsync directory", path: path, errno: error.rawValue)
        }
    }

    /// Renames a staged, fsynced file into place and makes the rename durable (`AtomicFiles.move`).
    static func moveIntoPlace(_ source: String, at destination: String) throws(PackStoreError) {
        do { try AtomicFiles.move(source, to: destination) } catch { throw PackStoreError(error) }
    }

    /// Removes a file; a file that is already gone is not an error.
    static func removeFile(_ path: String) throws(PackStoreError) {
        guard unlink(path) == 0 || errno == ENOENT else { throw .io(operation: "remove", path: path, errno: errno) }
    }

    /// Creates a directory; returns false when it already existed.
    @discardableResult
    static func makeDirectory(_ path: String) throws(PackStoreError) -> Bool {
        if mkdir(path, 0o755) == 0 { return true }
        if errno == EEXIST { return false }
        throw .io(operation: "create directory", path: path, errno: errno)
    }

    /// `mkdir -p`.
    static func makeDirectories(_ path: String) throws(PackStoreError) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            try makeDirectory(prefix)
        }
    }

    /// Writes all of `buffer` (short writes and EINTR retried by swift-system).
    static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer, path: String) throws(PackStoreError) {
        do {
            _ = try FileDescriptor(rawValue: fd).writeAll(buffer)
        } catch {
            throw .io(operation: "write", path: path, errno: (error as? Errno)?.rawValue ?? EIO)
        }
    }

    /// Reads up to `buffer.count` bytes, retrying EINTR; 0 means end of file.
    static func readSome(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, path: String)
        throws(PackStoreError) -> Int
    {
        do {
            return try FileDescriptor(rawValue: fd).read(into: buffer)
        } catch {
            throw .io(operation: "read", path: path, errno: (error as? Errno)?.rawValue ?? EIO)
        }
    }

    /// Lists a directory's entries except `.` and `..`; an absent directory lists as empty.
    static func directoryEntries(_ path: String) throws(PackStoreError) -> [String] {
        guard let directory = opendir(path) else {
            if errno == ENOENT { return [] }
            throw .io(operation: "list", path: path, errno: errno)
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// `lstat(2)`: describes a symbolic link itself rather than what it points to.
    static func linkStatus(atPath path: String) throws(PackStoreError) -> stat {
        var info = stat()
        guard lstat(path, &info) == 0 else { throw .io(operation: "stat", path: path, errno: errno) }
        return info
    }

    /// What kind of file `info` describes, in words for error messages.
    static func kindName(_ info: stat) -> String {
        switch info.st_mode & S_IFMT {
        case S_IFREG: "regular file"
        case S_IFDIR: "directory"
        case S_IFLNK: "symbolic link"
        case S_IFIFO: "FIFO (named pipe)"
        case S_IFSOCK: "socket"
        case S_IFCHR: "character device"
        case S_IFBLK: "block device"
        default: "special file"
        }
    }

    static func modificationDate(_ info: stat) -> Double {
        #if canImport(Darwin)
            Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9
        #else
            Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        #endif
    }

    static func isRegularFile(_ info: stat) -> Bool { (info.st_mode & S_IFMT) == S_IFREG }
    static func isDirectory(_ info: stat) -> Bool { (info.st_mode & S_IFMT) == S_IFDIR }
}
