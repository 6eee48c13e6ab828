import Crypto
import Hex

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Digests of a file's bytes, read in large blocks and never whole into memory: the SHA-256 a blob is
/// addressed by (the store's fsck and restore, `verify`'s downloads, `push`'s `Content-Digest`), and the
/// SHA-256 and MD5 of the span of a file that an S3 upload signs and whose ETag it predicts.
public enum FileDigest {
    /// Bytes a read asks for: large reads keep system calls rare, and 4 MiB fits in L2/L3 while the hash
    /// runs over it.
    public static let bufferSize = 4 << 20

    /// The SHA-256 of the whole file as lowercase hex, and the number of bytes it covers.
    public static func sha256Hex(ofFileAt path: String) throws(FileDigestError) -> (hex: String, size: Int64) {
        let (digest, size) = try digest(SHA256.self, ofFileAt: path)
        return (Hex.string(digest), size)
    }

    /// The digest by `function` of `length` bytes from `offset` (to the end of the file when `length` is nil),
    /// and the number of bytes it covers. A file that ends before `offset + length` is refused.
    public static func digest<Function: HashFunction>(
        _ function: Function.Type, ofFileAt path: String, offset: Int64 = 0, length: Int64? = nil
    ) throws(FileDigestError) -> (digest: Function.Digest, size: Int64) {
        var descriptor: Int32
        repeat { descriptor = open(path, O_RDONLY | O_CLOEXEC) } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { throw .open(path: path, errno: errno) }
        defer { close(descriptor) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bufferSize, alignment: 4096)
        defer { buffer.deallocate() }
        var hasher = Function()
        var done: Int64 = 0
        while length.map({ done < $0 }) ?? true {
            let want = length.map { Int(min(Int64(bufferSize), $0 - done)) } ?? bufferSize
            let count = pread(descriptor, buffer.baseAddress, want, off_t(offset + done))
            if count < 0 {
                if errno == EINTR { continue }
                throw .read(path: path, errno: errno)
            }
            if count == 0 {
                guard let length else { break }
                throw .endedEarly(path: path, at: offset + done, expectedEnd: offset + length)
            }
            hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            done += Int64(count)
        }
        return (hasher.finalize(), done)
    }
}
