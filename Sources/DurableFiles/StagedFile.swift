import SystemPackage

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The new bytes of a file, in a temp file beside it until they are whole: made by mkstemp(3) with mode 0600
/// from the first instant (a key is never readable by others, not even half-written), hidden (`.name.tmp-…`),
/// and on the target's file system so the rename that puts it in place is atomic. Written through
/// `descriptor`, or by `path` for a library that opens files itself (SQLite's backup). `AtomicFiles` makes,
/// finishes and renames them; failures name the target, the file being written.
public final class StagedFile {
    /// The file these bytes will replace.
    public let target: String
    /// The temp file.
    public let path: String
    public let descriptor: FileDescriptor
    private var isOpen = true

    /// A new, empty temp file beside `target`.
    init(beside target: String) throws(AtomicFiles.Failure) {
        self.target = target
        let base = target.split(separator: "/").last.map(String.init) ?? target
        var template = Array("\(FileDescriptor.directory(of: target))/.\(base).tmp-XXXXXX".utf8CString)
        let raw = mkstemp(&template)
        guard raw >= 0 else { throw AtomicFiles.Failure(operation: "create", path: target, errno: Errno(rawValue: errno)) }
        _ = fcntl(raw, F_SETFD, FD_CLOEXEC)
        path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        descriptor = FileDescriptor(rawValue: raw)
    }

    /// Writes all of `bytes` at the current offset.
    func write(_ bytes: [UInt8]) throws(AtomicFiles.Failure) {
        do {
            _ = try descriptor.writeAll(bytes)
        } catch {
            throw AtomicFiles.Failure(operation: "write", path: target, errno: (error as? Errno) ?? .ioError)
        }
    }

    /// Gives the file its final `mode`, fsyncs and closes it: its bytes are on disk, ready to be renamed.
    func finish(mode: FilePermissions) throws(AtomicFiles.Failure) {
        isOpen = false
        do {
            try descriptor.closeAfter {
                try descriptor.setPermissions(mode)
                try descriptor.sync()
            }
        } catch {
            throw AtomicFiles.Failure(operation: "fsync", path: target, errno: (error as? Errno) ?? .ioError)
        }
    }

    /// Closes the file if it is still open and removes it: a failure leaves nothing behind.
    func discard() {
        if isOpen { try? descriptor.close() }
        isOpen = false
        unlink(path)
    }
}
