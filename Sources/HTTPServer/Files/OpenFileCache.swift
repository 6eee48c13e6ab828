import Glibc
import Synchronization

/// Keeps recently served files open, so a hot file costs no `open`/`fstat`/`close` (and no path lookup in
/// the kernel) per request, like nginx's `open_file_cache`.
///
/// An entry is trusted for `validitySeconds`; after that one `stat(2)` of the path decides whether the
/// cached descriptor still is that path's file (same device, inode, size and modification time) or the
/// file must be opened again. A file replaced or rewritten is therefore served new within that time;
/// until then the old descriptor is served, and it is consistent: its fstat describes exactly the bytes
/// it sends. Descriptors are shared by concurrent responses; sendfile(2) with an explicit offset never
/// moves the shared file position.
///
/// `sweep()` (once a second) closes what is no longer worth holding: files nobody asked for in
/// `inactiveSeconds` (each release's blobs would otherwise stay open for good) and files that were deleted.
public final class OpenFileCache: Sendable {
    private struct Entry {
        let file: OpenFile
        let device: UInt64
        let inode: UInt64
        var checkedAt: Int64
        var usedAt: Int64
    }

    private let entries = Mutex<[String: Entry]>([:])
    private let capacity: Int
    private let validitySeconds: Int64
    private let inactiveSeconds: Int64

    /// The default capacity leaves most descriptors to connections: an eighth of the process's limit, at
    /// most 1,024.
    public init(capacity: Int? = nil, validitySeconds: Int = 1, inactiveSeconds: Int = 20) {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        let fromLimit = Int(min(limit.rlim_cur, 8192) / 8)
        self.capacity = max(1, capacity ?? min(1024, fromLimit))
        self.validitySeconds = Int64(validitySeconds)
        self.inactiveSeconds = Int64(inactiveSeconds)
    }

    /// The open file at `path`, from the cache when it is still valid.
    public func open(path: String) throws(OpenFile.OpenError) -> OpenFile {
        try open(key: path) { () throws(OpenFile.OpenError) in try OpenFile.open(path: path) }
    }

    /// The file `segments` names inside `root`, opened without following links (see
    /// `OpenFile.open(segments:beneath:)`), from the cache when it is still valid.
    public func open(segments: [String], beneath root: String) throws(OpenFile.OpenError) -> OpenFile {
        // Sized first and written once (this key is built for every static-file request).
        var path = root
        path.reserveCapacity(root.utf8.count + segments.reduce(0) { $0 + 1 + $1.utf8.count })
        for segment in segments {
            if path.utf8.last != UInt8(ascii: "/") { path.append("/") }
            path.append(segment)
        }
        return try open(key: path) { () throws(OpenFile.OpenError) in
            try OpenFile.open(segments: segments, beneath: root)
        }
    }

    /// Forgets files unused for `inactiveSeconds` and files that no longer have a name (their link count
    /// is 0: `gc` or someone else deleted them), so descriptors do not pile up release after release and
    /// disk space is freed as soon as no response is sending the file. Call it periodically.
    public func sweep() {
        let now = Self.monotonicSeconds()
        let released = entries.withLock { entries in
            let gone = entries.filter { _, entry in
                var info = stat()
                return now - entry.usedAt >= inactiveSeconds || fstat(entry.file.descriptor, &info) != 0 || info.st_nlink == 0
            }
            for key in gone.keys { entries[key] = nil }
            return gone
        }
        _ = released  // released here, outside the lock: closing a descriptor may take a while
    }

    /// How many files are held open.
    public var count: Int { entries.withLock { $0.count } }

    /// `path` identifies the file for revalidation with stat(2); `opener` opens it on a miss.
    private func open(key path: String, opener: () throws(OpenFile.OpenError) -> OpenFile) throws(OpenFile.OpenError) -> OpenFile {
        let now = Self.monotonicSeconds()
        if let file = entries.withLock({ cached(path, now: now, in: &$0) }) { return file }
        let file = try opener()
        var info = stat()
        fstat(file.descriptor, &info)
        let entry = Entry(file: file, device: UInt64(info.st_dev), inode: UInt64(info.st_ino), checkedAt: now, usedAt: now)
        entries.withLock { entries in
            // Full: start over rather than track recency; a hot set refills in one request each.
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[path] = entry
        }
        return file
    }

    private func cached(_ path: String, now: Int64, in entries: inout [String: Entry]) -> OpenFile? {
        guard var entry = entries[path] else { return nil }
        if entry.usedAt != now { entries[path]?.usedAt = now }
        if now - entry.checkedAt < validitySeconds { return entry.file }
        var info = stat()
        guard stat(path, &info) == 0, UInt64(info.st_dev) == entry.device, UInt64(info.st_ino) == entry.inode,
              Int64(info.st_size) == entry.file.size, Int64(info.st_mtim.tv_sec) == entry.file.modificationTime
        else {
            entries[path] = nil
            return nil
        }
        entry.checkedAt = now
        entry.usedAt = now
        entries[path] = entry
        return entry.file
    }

    /// Its own clock read rather than `System`'s: this folder must compile without `Server/` (the fuzzers).
    private static func monotonicSeconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC_COARSE, &now)
        return Int64(now.tv_sec)
    }
}
