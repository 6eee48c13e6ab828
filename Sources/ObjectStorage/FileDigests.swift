import Crypto
import Digests
import Hex
import Glibc

/// Digests of a span of a file (Digests' `FileDigest`, which reads it in large blocks): the SHA-256 that
/// X-Amz-Content-SHA256 carries, and the MD5 that a single-part ETag is.
enum FileDigests {
    static func sha256Hex(path: String, offset: Int64, length: Int64) throws(ObjectStorageError) -> String {
        Hex.string(try digest(SHA256.self, path: path, offset: offset, length: length))
    }

    static func md5(path: String, offset: Int64, length: Int64) throws(ObjectStorageError) -> [UInt8] {
        Array(try digest(Insecure.MD5.self, path: path, offset: offset, length: length))
    }

    /// The size of the regular file at `path`.
    static func size(path: String) throws(ObjectStorageError) -> Int64 {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw ObjectStorageError(.file, "cannot read \(path): \(String(cString: strerror(errno)))")
        }
        return Int64(status.st_size)
    }

    private static func digest<Function: HashFunction>(
        _ function: Function.Type, path: String, offset: Int64, length: Int64
    ) throws(ObjectStorageError) -> Function.Digest {
        do {
            return try FileDigest.digest(function, ofFileAt: path, offset: offset, length: length).digest
        } catch {
            throw ObjectStorageError(.file, error.description)
        }
    }
}
