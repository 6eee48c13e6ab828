import DurableFiles
import SystemPackage

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A bucket that is a directory: each key is a file path below `root`. `packserve export` writes one for a
/// static host to serve, and tests publish into one in-process. Every object is written to a temp file,
/// fsynced and renamed into place, so a reader (nginx, a replica) never sees part of one.
public struct DirectoryBucket: ObjectBucket {
    public let root: String

    public init(root: String) {
        self.root = root.hasSuffix("/") && root.count > 1 ? String(root.dropLast()) : root
    }

    public func put(_ key: String, bytes: [UInt8], contentType: String) throws(BucketError) {
        try onDisk(key) {
            let path = try fileToWrite(key)
            try POSIX.makeDirectories(FileDescriptor.directory(of: path))
            try AtomicFiles.write([AtomicFiles.File(path: path, bytes: bytes, mode: [.ownerReadWrite, .groupRead, .otherRead])])
        }
    }

    public func putFile(_ key: String, path source: String, contentType: String) throws(BucketError) {
        try onDisk(key) {
            try Self.copyFile(source, to: try fileToWrite(key))
        }
    }

    public func putFileIfAbsent(_ key: String, path source: String, size: Int64, contentType: String) throws(BucketError) -> Bool {
        try onDisk(key) {
            if try self.size(of: key) == size { return false }
            try Self.copyFile(source, to: try fileToWrite(key))
            return true
        }
    }

    public func get(_ key: String, ifNoneMatch: String?) throws(BucketError) -> BucketRead {
        try onDisk(key) {
            let path = try file(key)
            guard let info = try POSIX.status(atPath: path), POSIX.isRegularFile(info) else { return .missing }
            // Size and change time, as nginx makes a static file's ETag: a replaced object is a new inode.
            let etag = "\(info.st_size)-\(info.st_ino)-\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
            if etag == ifNoneMatch { return .notModified }
            let fd = try POSIX.openFile(path, O_RDONLY, for: "open")
            defer { close(fd) }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = try chunk.withUnsafeMutableBytes { buffer in
                    try POSIX.readSome(fd, into: buffer, path: path)
                }
                if count == 0 { break }
                bytes += chunk[..<count]
            }
            return .object(bytes, etag: etag)
        }
    }

    public func download(_ key: String, to destination: String) throws(BucketError) -> Bool {
        try onDisk(key) {
            let path = try file(key)
            guard try POSIX.status(atPath: path) != nil else { return false }
            try Self.copyFile(path, to: destination)
            return true
        }
    }

    public func read(_ key: String, into sink: ([UInt8]) throws(BucketError) -> Void) throws(BucketError) -> Bool {
        try onDisk(key) {
            let path = try file(key)
            guard let info = try POSIX.status(atPath: path), POSIX.isRegularFile(info) else { return false }
            let fd = try POSIX.openFile(path, O_RDONLY, for: "open")
            defer { close(fd) }
            var chunk = [UInt8](repeating: 0, count: 1 << 20)
            while true {
                let count = try chunk.withUnsafeMutableBytes { buffer in try POSIX.readSome(fd, into: buffer, path: path) }
                if count == 0 { return true }
                try sink(Array(chunk[..<count]))
            }
        }
    }

    public func size(of key: String) throws(BucketError) -> Int64? {
        try onDisk(key) {
            guard let info = try POSIX.status(atPath: try file(key)), POSIX.isRegularFile(info) else { return nil }
            return Int64(info.st_size)
        }
    }

    public func list(prefix: String) throws(BucketError) -> [BucketObject] {
        try onDisk(prefix) {
            var objects: [BucketObject] = []
            try walk("", into: &objects, matching: prefix)
            return objects.sorted { $0.key < $1.key }
        }
    }

    public func delete(_ key: String) throws(BucketError) {
        try onDisk(key) {
            try POSIX.removeFile(try file(key))
        }
    }

    /// Runs `body`, file-system work for `key`: a `BucketError` it throws (a refused key, or what a `read`'s sink
    /// threw) goes through as it is; any other failure is this machine's (`.local`).
    private func onDisk<T>(_ key: String, _ body: () throws -> T) throws(BucketError) -> T {
        do {
            return try body()
        } catch let error as BucketError {
            throw error
        } catch {
            throw BucketError(.local, key: key, "\(error)")
        }
    }

    /// The file of `key`, refusing keys that would leave `root` or name a directory.
    private func file(_ key: String) throws(BucketError) -> String {
        let segments = key.split(separator: "/", omittingEmptySubsequences: false)
        guard !key.isEmpty, !segments.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else {
            throw BucketError(.refused, key: key, "not a key of a directory bucket (an empty, . or .. segment)")
        }
        return "\(root)/\(key)"
    }

    /// The file of `key` to write, refusing a key whose directories below `root` include a symbolic link:
    /// `export` into a directory must not write through a link someone placed inside it (to /etc, to the
    /// data directory's keys). `root` itself may be a link: the operator named it.
    private func fileToWrite(_ key: String) throws(BucketError) -> String {
        let path = try file(key)
        var directory = root
        for segment in key.split(separator: "/").dropLast() {
            directory += "/\(segment)"
            var info = stat()
            guard lstat(directory, &info) == 0 else { break }
            guard info.st_mode & S_IFMT != S_IFLNK else {
                throw BucketError(.refused, key: key, "cannot write through the symbolic link \(directory)")
            }
        }
        return path
    }

    /// Adds the files below `relative` whose keys start with `prefix`, descending only into directories that
    /// can hold such keys.
    private func walk(_ relative: String, into objects: inout [BucketObject], matching prefix: String) throws {
        let directory = relative.isEmpty ? root : "\(root)/\(relative)"
        for name in try POSIX.directoryEntries(directory) where !name.hasPrefix(".") {
            let key = relative.isEmpty ? name : "\(relative)/\(name)"
            guard let info = try POSIX.status(atPath: "\(root)/\(key)") else { continue }
            if POSIX.isDirectory(info) {
                let asDirectory = key + "/"
                if asDirectory.hasPrefix(prefix) || prefix.hasPrefix(asDirectory) {
                    try walk(key, into: &objects, matching: prefix)
                }
            } else if POSIX.isRegularFile(info) && key.hasPrefix(prefix) {
                objects.append(BucketObject(key: key, size: Int64(info.st_size)))
            }
        }
    }

    /// Copies `source` to `destination` through a hidden temp file beside it (`AtomicFiles.replace`), so the
    /// destination holds the old bytes or all of the new ones.
    static func copyFile(_ source: String, to destination: String) throws(PackStoreError) {
        try POSIX.makeDirectories(FileDescriptor.directory(of: destination))
        let input = try POSIX.openFile(source, O_RDONLY, for: "open")
        defer { close(input) }
        try AtomicFiles.replace(
            destination, mode: [.ownerReadWrite, .groupRead, .otherRead], failure: PackStoreError.init
        ) { output throws(PackStoreError) in
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 4096)
            defer { buffer.deallocate() }
            while true {
                let count = try POSIX.readSome(input, into: buffer, path: source)
                if count == 0 { break }
                try POSIX.writeAll(output.descriptor.rawValue, UnsafeRawBufferPointer(rebasing: buffer[..<count]), path: output.path)
            }
        }
    }
}
