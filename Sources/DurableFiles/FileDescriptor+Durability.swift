import SystemPackage

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// What swift-system's FileDescriptor lacks for crash-safe writes: fsync, fchmod, and syncing a directory.
extension FileDescriptor {
    /// fsync(2): the file's bytes and size are on disk when this returns.
    public func sync() throws(Errno) {
        _ = try Errno.retryingInterrupts { fsync(rawValue) }
    }

    /// fchmod(2).
    public func setPermissions(_ permissions: FilePermissions) throws(Errno) {
        _ = try Errno.retryingInterrupts { fchmod(rawValue, permissions.rawValue) }
    }

    /// Makes directory-entry changes in `directory` (a rename, a new or removed file) durable: POSIX only
    /// promises that after an fsync of the directory itself.
    public static func syncDirectory(_ directory: String) throws(Errno) {
        let fd: FileDescriptor
        do {
            fd = try FileDescriptor.open(FilePath(directory), .readOnly, options: [.directory, .closeOnExec])
        } catch {
            throw (error as? Errno) ?? .ioError
        }
        defer { try? fd.close() }
        try fd.sync()
    }

    /// The directory part of `path` ("." for a bare name, "/" for a file in the root).
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
