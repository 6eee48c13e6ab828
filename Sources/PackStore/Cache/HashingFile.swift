import Crypto
import Hex

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A new file written piece by piece while its SHA-256 and length are kept, then fsynced: how a replica's
/// cache takes a blob from the bucket in one pass (`BlobCache.insert`). Writing more than `limit` bytes fails
/// at once (a source sending more than the blob's size is not that blob). `@unchecked Sendable`: used by one
/// thread, the one copying.
final class HashingFile: @unchecked Sendable {
    let path: String
    private let fd: Int32
    private let limit: Int64
    private var hasher = SHA256()
    private(set) var count: Int64 = 0
    /// Lowercase hex, once `closing` has returned.
    private(set) var sha256 = ""

    init(path: String, limit: Int64) throws(PackStoreError) {
        self.path = path
        self.limit = limit
        fd = try POSIX.openFile(path, O_WRONLY | O_CREAT | O_EXCL, mode: 0o644, for: "create")
    }

    func write(_ bytes: [UInt8]) throws {
        count += Int64(bytes.count)
        // More than the blob's size: not that blob. Stopped here; `insert` names the blob and the sizes.
        guard count <= limit else { throw TooLong() }
        hasher.update(data: bytes)
        try bytes.withUnsafeBytes { buffer in try POSIX.writeAll(fd, buffer, path: path) }
    }

    struct TooLong: Error {}

    /// Runs `body` (which writes), then fsyncs and closes the file whatever happened, and finishes the digest.
    func closing<T>(_ body: () throws -> T) throws -> T {
        defer { close(fd) }
        let result = try body()
        try POSIX.syncFile(fd, path: path)
        sha256 = Hex.string(hasher.finalize())
        return result
    }
}
