import Crypto
import DurableFiles
import Hex

/// A staged blob written piece by piece while its SHA-256 and length are kept: how a replica's cache takes a
/// blob from the bucket in one pass (`BlobCache.insert`; `AtomicFiles.stage` makes, fsyncs and removes the
/// file). Writing more than `limit` bytes fails at once (a source sending more than the blob's size is not
/// that blob). `@unchecked Sendable`: used by one thread, the one copying.
final class HashingFile: @unchecked Sendable {
    private let file: StagedFile
    private let limit: Int64
    private var hasher = SHA256()
    private(set) var count: Int64 = 0

    init(_ file: StagedFile, limit: Int64) {
        self.file = file
        self.limit = limit
    }

    func write(_ bytes: [UInt8]) throws {
        count += Int64(bytes.count)
        // More than the blob's size: not that blob. Stopped here; `insert` names the blob and the sizes.
        guard count <= limit else { throw TooLong() }
        hasher.update(data: bytes)
        try bytes.withUnsafeBytes { buffer in try POSIX.writeAll(file.descriptor.rawValue, buffer, path: file.path) }
    }

    struct TooLong: Error {}

    /// Lowercase hex of what was written so far.
    var sha256: String { Hex.string(hasher.finalize()) }
}
