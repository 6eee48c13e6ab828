import SystemPackage

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replaces small files crash-safely: each is written to a temp file beside its target (made by mkstemp(3)
/// with mode 0600 from the first instant, so a key is never readable by others, not even half-written),
/// given its mode, fsynced, then renamed over the target; the directories are fsynced last so the renames
/// survive a power cut. Every file is staged before the first rename, so files that belong together (a key
/// and its certificate) are replaced microseconds apart, not one slow write apart. A failure leaves the
/// targets as they were and no temp file behind.
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

    /// Why a write failed: the file it was writing and the system's reason.
    public struct Failure: Error, Sendable, Equatable {
        public let path: String
        public let errno: Errno
    }

    public static func write(_ files: [File]) throws(Failure) {
        var staged: [(temp: String, path: String)] = []
        do throws(Failure) {
            for file in files {
                staged.append((try stage(file), file.path))
            }
            for (temp, path) in staged {
                do {
                    _ = try Errno.retryingInterrupts { rename(temp, path) }
                } catch {
                    throw Failure(path: path, errno: error)
                }
            }
        } catch {
            for (temp, _) in staged { unlink(temp) }
            throw error
        }
        for directory in Set(files.map { FileDescriptor.directory(of: $0.path) }) {
            do {
                try FileDescriptor.syncDirectory(directory)
            } catch {
                throw Failure(path: directory, errno: error)
            }
        }
    }

    /// Writes `file` to a new temp file beside its target and returns the temp file's path.
    private static func stage(_ file: File) throws(Failure) -> String {
        let base = file.path.split(separator: "/").last.map(String.init) ?? file.path
        var template = Array("\(FileDescriptor.directory(of: file.path))/.\(base).tmp-XXXXXX".utf8CString)
        let raw = mkstemp(&template)
        guard raw >= 0 else { throw Failure(path: file.path, errno: Errno(rawValue: errno)) }
        _ = fcntl(raw, F_SETFD, FD_CLOEXEC)
        let temp = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let fd = FileDescriptor(rawValue: raw)
        do {
            try fd.closeAfter {
                _ = try fd.writeAll(file.bytes)
                try fd.setPermissions(file.mode)
                try fd.sync()
            }
        } catch {
            unlink(temp)
            throw Failure(path: file.path, errno: (error as? Errno) ?? .ioError)
        }
        return temp
    }
}
