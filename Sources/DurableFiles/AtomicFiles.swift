import SystemPackage

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one way PackServe replaces a file crash-safely: the new bytes go to a temp file beside the target
/// (`StagedFile`), are given their mode and fsynced, then renamed over the target; the directory is fsynced
/// last so the rename survives a power cut. A failure leaves the target as it was and no temp file behind.
/// Small files come whole (`write`), large ones stream (`replace`), and a file named by what it holds (a blob,
/// by its digest) is staged first and moved into place once its name is known (`stage`, then `move`).
public enum AtomicFiles {
    public struct File: Sendable {
        public let path: String
        public let bytes: [UInt8]
        /// Final permissions, e.g. 0o600 for keys and 0o644 for what others may read.
        public let mode: FilePermissions

        public init(path: String, bytes: [UInt8], mode: FilePermissions) {
            self.path = path
            self.bytes = bytes
            self.mode = mode
        }
    }

    /// Replaces small files. Every file is staged before the first rename, so files that belong together (a
    /// key and its certificate) are replaced microseconds apart, not one slow write apart.
    public static func write(_ files: [File]) throws(Failure) {
        var staged: [StagedFile] = []
        do throws(Failure) {
            for file in files {
                let temp = try StagedFile(beside: file.path)
                staged.append(temp)
                try temp.write(file.bytes)
                try temp.finish(mode: file.mode)
            }
            for temp in staged { try putInPlace(temp.path, at: temp.target) }
        } catch {
            for temp in staged { temp.discard() }
            throw error
        }
        try syncDirectories(of: files.map(\.path))
    }

    /// Replaces one file with what `fill` writes into a `StagedFile` beside it (through its descriptor, or its
    /// path): the bytes of a download, a copy, a database backup. `failure` turns this module's failures into
    /// the caller's error, so a caller sees one error type.
    public static func replace<Failed: Error>(
        _ path: String, mode: FilePermissions, failure: (Failure) -> Failed,
        fill: (StagedFile) throws(Failed) -> Void
    ) throws(Failed) {
        let temp = try stage(beside: path, mode: mode, failure: failure, fill: fill).path
        do throws(Failure) {
            try move(temp, to: path)
        } catch {
            unlink(temp)
            throw failure(error)
        }
    }

    /// The first half of `replace`, for a file whose name is known only once it is written (a blob, named by
    /// its digest): `fill` writes a `StagedFile` beside `target` (a name to start the temp file's with), which
    /// is given `mode` and fsynced, and kept for `move` to put in place. Returns the temp file's path and what
    /// `fill` returned; a failure removes the temp file.
    public static func stage<Value, Failed: Error>(
        beside target: String, mode: FilePermissions, failure: (Failure) -> Failed,
        fill: (StagedFile) throws(Failed) -> Value
    ) throws(Failed) -> (path: String, value: Value) {
        let temp: StagedFile
        do { temp = try StagedFile(beside: target) } catch { throw failure(error) }
        do throws(Failed) {
            let value = try fill(temp)
            do { try temp.finish(mode: mode) } catch { throw failure(error) }
            return (temp.path, value)
        } catch {
            temp.discard()
            throw error
        }
    }

    /// Renames `source`, already written and fsynced on the same file system, to `path`, and makes the rename
    /// durable.
    public static func move(_ source: String, to path: String) throws(Failure) {
        try putInPlace(source, at: path)
        try syncDirectories(of: [path])
    }

    /// rename(2), named otherwise so the C function stays reachable here.
    private static func putInPlace(_ source: String, at path: String) throws(Failure) {
        do {
            _ = try Errno.retryingInterrupts { rename(source, path) }
        } catch {
            throw Failure(operation: "rename to", path: path, errno: error)
        }
    }

    /// POSIX only promises a rename survives a power cut after an fsync of the directory itself.
    private static func syncDirectories(of paths: [String]) throws(Failure) {
        for directory in Set(paths.map { FileDescriptor.directory(of: $0) }) {
            do {
                try FileDescriptor.syncDirectory(directory)
            } catch {
                throw Failure(operation: "fsync directory", path: directory, errno: error)
            }
        }
    }
}
