import DurableFiles
import Synchronization
import SystemPackage

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A replica's local, content-addressed copy of blobs it serves (docs/object-storage.md "Replicas"), laid out
/// as `{directory}/{hh}/{hex}` so `ReleaseSnapshot.blobPath` finds them. Bounded by `maxBytes`: room is made by
/// evicting the least recently used blobs, never a pinned one (the live release's, the one being prepared).
///
/// A blob reaches its name only whole and verified: it is written to `.incoming/`, hashed, and renamed into
/// place only when its SHA-256 and size are the ones asked for. So a copy cut short (the store restarted, the
/// process killed) leaves nothing that can be served, and a restart finds only good blobs. Recency survives
/// restarts through the files' modification times, which `touch` sets and the rescan reads.
public final class BlobCache: Sendable {
    public let directory: String
    public let maxBytes: Int64

    private struct State {
        var blobs: [String: CachedBlob] = [:]
        var heldBytes: Int64 = 0
        /// Bytes promised to copies under way, so two copies at once cannot both take the last room.
        var reservedBytes: Int64 = 0
        var nextUse: UInt64 = 1
        var pinned: Set<String> = []
        var evictions = 0
        /// The newest modification time given to a blob file, in nanoseconds since 1970.
        var lastStamp: Int64 = 0

        /// A modification time later than every one given before: the file system's own clock is coarse
        /// (a few milliseconds), and two uses within one tick must still keep their order across a restart.
        mutating func nextStamp() -> Int64 {
            var now = timespec()
            clock_gettime(CLOCK_REALTIME, &now)
            lastStamp = max(Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec), lastStamp + 1_000)
            return lastStamp
        }
    }

    private let state = Mutex(State())
    private var incomingDirectory: String { directory + "/.incoming" }

    /// Opens (creating) the cache at `directory` and takes up the blobs already there; copies a previous run
    /// left unfinished are removed.
    public init(directory: String, maxBytes: Int64) throws(PackStoreError) {
        self.directory = directory
        self.maxBytes = maxBytes
        try POSIX.makeDirectories(incomingDirectory)
        for name in try POSIX.directoryEntries(incomingDirectory) { try POSIX.removeFile("\(incomingDirectory)/\(name)") }
        let found = try Self.scan(directory)
        state.withLock { state in
            // Oldest first: the order of modification times becomes the order of use.
            for (use, file) in found.sorted(by: { $0.modified < $1.modified }).enumerated() {
                state.blobs[file.sha256] = CachedBlob(sha256: file.sha256, size: file.size, lastUse: UInt64(use + 1))
                state.heldBytes += file.size
            }
            state.nextUse = UInt64(found.count + 1)
            state.lastStamp = Int64((found.map(\.modified).max() ?? 0) * 1e9)
        }
    }

    /// Where blob `sha256` is (or will be) stored.
    public func path(of sha256: String) -> String {
        "\(directory)/\(sha256.prefix(2))/\(sha256)"
    }

    public func contains(_ sha256: String) -> Bool {
        state.withLock { $0.blobs[sha256] != nil }
    }

    /// The digests held, least recently used first.
    public var digestsByRecency: [String] {
        state.withLock { $0.blobs.values.sorted { $0.lastUse < $1.lastUse }.map(\.sha256) }
    }

    public var heldBytes: Int64 { state.withLock { $0.heldBytes } }
    /// Blobs removed to make room since the cache was opened.
    public var evictionCount: Int { state.withLock { $0.evictions } }

    /// The blobs that must never be evicted from now on (replacing the previous set).
    public func pin(_ digests: Set<String>) {
        state.withLock { $0.pinned = digests }
    }

    /// Marks `sha256` as just used by a request, in memory only: one uncontended lock, no system call, so the
    /// request path can afford it. (The file's time is set when a release or a read-through uses it.)
    public func noteUse(_ sha256: String) {
        state.withLock { state in
            guard state.blobs[sha256] != nil else { return }
            state.blobs[sha256]?.lastUse = state.nextUse
            state.nextUse += 1
        }
    }

    /// Marks `sha256` as just used, in memory and in its file's modification time (for the next start).
    public func touch(_ sha256: String) {
        let stamp = state.withLock { state -> Int64? in
            guard state.blobs[sha256] != nil else { return nil }
            state.blobs[sha256]?.lastUse = state.nextUse
            state.nextUse += 1
            return state.nextStamp()
        }
        if let stamp { stampFile(sha256, stamp) }
    }

    /// Sets the file's modification time, which the next start orders blobs by.
    private func stampFile(_ sha256: String, _ stamp: Int64) {
        let time = timespec(tv_sec: Int(stamp / 1_000_000_000), tv_nsec: Int(stamp % 1_000_000_000))
        let times = [time, time]
        _ = utimensat(AT_FDCWD, path(of: sha256), times, 0)
    }

    /// Adds blob `sha256` of `size` bytes unless it is already held (then it is only touched). `fill` hands
    /// the bytes to the writer it is given as they arrive (a bucket's `read`), and returns false when the
    /// source has no such object. They are hashed as they are written: one pass, no second read of the file.
    /// - Returns: true when bytes were copied.
    @discardableResult
    public func insert(
        _ sha256: String, size: Int64, fill: (_ write: ([UInt8]) throws(BucketError) -> Void) throws -> Bool
    ) throws -> Bool {
        if contains(sha256) {
            touch(sha256)
            return false
        }
        try reserve(sha256, size: size)
        do {
            // Staged in `.incoming/`, fsynced, then moved to its address (`AtomicFiles`); the directory is on the
            // cache's file system, so the rename is atomic.
            let temp = try AtomicFiles.stage(
                beside: "\(incomingDirectory)/\(sha256)", mode: [.ownerReadWrite, .groupRead, .otherRead],
                failure: { (failure) -> any Error in PackStoreError(failure) }
            ) { (staged) throws in try copy(sha256, size: size, into: staged, fill: fill) }.path
            do throws(PackStoreError) {
                try POSIX.makeDirectories("\(directory)/\(sha256.prefix(2))")
                try POSIX.moveIntoPlace(temp, at: path(of: sha256))
            } catch {
                try? POSIX.removeFile(temp)
                throw error
            }
        } catch {
            state.withLock { $0.reservedBytes -= size }
            throw error
        }
        let stamp = state.withLock { state in
            state.reservedBytes -= size
            if state.blobs[sha256] == nil { state.heldBytes += size }
            state.blobs[sha256] = CachedBlob(sha256: sha256, size: size, lastUse: state.nextUse)
            state.nextUse += 1
            return state.nextStamp()
        }
        stampFile(sha256, stamp)
        return true
    }

    /// Writes the blob's bytes into `staged` as `fill` hands them over, hashing them in the same pass, and
    /// refuses what is not blob `sha256`: more bytes than `size`, a source without it, other bytes.
    private func copy(
        _ sha256: String, size: Int64, into staged: StagedFile,
        fill: (_ write: ([UInt8]) throws(BucketError) -> Void) throws -> Bool
    ) throws {
        let file = HashingFile(staged, limit: size)
        // The writer's own failures, as the bucket's reader passes them on: more bytes than the blob has
        // (`.damaged`), or this machine's disk (`.local`).
        let write = { (bytes: [UInt8]) throws(BucketError) in
            do { try file.write(bytes) } catch is HashingFile.TooLong {
                throw BucketError(.damaged, key: sha256, "more than the blob's \(size) bytes")
            } catch {
                throw BucketError(.local, key: sha256, "\(error)")
            }
        }
        let found: Bool
        do { found = try fill(write) } catch let error as BucketError where error.kind == .damaged {
            throw BlobCacheError.damaged(sha256: sha256, actualSHA256: "", actualSize: file.count, expectedSize: size)
        }
        guard found else { throw BlobCacheError.missing(sha256: sha256) }
        let (actual, actualSize) = (file.sha256, file.count)
        guard actual == sha256, actualSize == size else {
            throw BlobCacheError.damaged(sha256: sha256, actualSHA256: actual, actualSize: actualSize, expectedSize: size)
        }
    }

    /// Makes room for `size` more bytes by evicting, and holds it for the copy.
    private func reserve(_ sha256: String, size: Int64) throws {
        let victims = try state.withLock { state throws -> [String] in
            guard let victims = CacheEviction.victims(
                of: state.blobs.values, heldBytes: state.heldBytes + state.reservedBytes, incomingBytes: size,
                maxBytes: maxBytes, pinned: state.pinned)
            else { throw BlobCacheError.full(sha256: sha256, size: size, maxBytes: maxBytes) }
            for victim in victims {
                state.heldBytes -= state.blobs.removeValue(forKey: victim)?.size ?? 0
                state.evictions += 1
            }
            state.reservedBytes += size
            return victims
        }
        // Out of the index first, then off the disk: a request that already opened one keeps reading it.
        for victim in victims { try? POSIX.removeFile(path(of: victim)) }
    }

    private struct ScannedFile {
        let sha256: String
        let size: Int64
        let modified: Double
    }

    /// The blob files below `directory`: 64 lowercase hex digits in the shard of their first two.
    private static func scan(_ directory: String) throws(PackStoreError) -> [ScannedFile] {
        var files: [ScannedFile] = []
        for shard in try POSIX.directoryEntries(directory) where shard.utf8.count == 2 && !shard.hasPrefix(".") {
            for name in try POSIX.directoryEntries("\(directory)/\(shard)") where name.utf8.count == 64 && name.hasPrefix(shard) {
                guard name.utf8.allSatisfy(isLowercaseHex), let info = try POSIX.status(atPath: "\(directory)/\(shard)/\(name)"),
                    POSIX.isRegularFile(info)
                else { continue }
                files.append(ScannedFile(sha256: name, size: Int64(info.st_size), modified: POSIX.modificationDate(info)))
            }
        }
        return files
    }

    private static func isLowercaseHex(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
    }
}
