import Crypto
import Glibc
import Hex

/// Digests of a span of a file, read in 1 MiB pieces (never the whole file in memory): the SHA-256 that
/// X-Amz-Content-SHA256 carries, and the MD5 that a single-part ETag is.
enum FileDigests {
    static func sha256Hex(path: String, offset: Int64, length: Int64) throws(ObjectStorageError) -> String {
        var hash = SHA256()
        try read(path: path, offset: offset, length: length) { hash.update(data: $0) }
        return Hex.string(hash.finalize())
    }

    static func md5(path: String, offset: Int64, length: Int64) throws(ObjectStorageError) -> [UInt8] {
        var hash = Insecure.MD5()
        try read(path: path, offset: offset, length: length) { hash.update(data: $0) }
        return Array(hash.finalize())
    }

    /// The size of the regular file at `path`.
    static func size(path: String) throws(ObjectStorageError) -> Int64 {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw ObjectStorageError(.file, "cannot read \(path): \(String(cString: strerror(errno)))")
        }
        return Int64(status.st_size)
    }

    private static func read(
        path: String, offset: Int64, length: Int64, _ body: (UnsafeRawBufferPointer) -> Void
    ) throws(ObjectStorageError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw ObjectStorageError(.file, "cannot read \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var done: Int64 = 0
        while done < length {
            let want = Int(min(Int64(buffer.count), length - done))
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, want, off_t(offset + done)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                throw ObjectStorageError(.file, "\(path) ended at byte \(offset + done) of \(offset + length)")
            }
            buffer.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            done += Int64(count)
        }
    }
}
