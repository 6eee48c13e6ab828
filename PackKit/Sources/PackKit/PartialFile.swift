import Crypto
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The file a pack is downloaded into, `<sha256>.partial`, with the ETag its bytes came with beside it in
/// `<sha256>.partial.etag`. Bytes are only appended, so after a crash, a kill or a cancellation the file
/// holds a prefix of the pack and the next attempt resumes from its length.
final class PartialFile: Sendable {
    let url: URL
    let validatorURL: URL
    private let descriptor: Int32

    init(url: URL) throws(PackKitError) {
        self.url = url
        validatorURL = url.appendingPathExtension("etag")
        descriptor = open(url.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .io("cannot open \(url.path): errno \(errno)") }
    }

    deinit {
        close(descriptor)
    }

    /// Bytes on disk.
    var length: Int64 {
        var status = stat()
        return fstat(descriptor, &status) == 0 ? Int64(status.st_size) : 0
    }

    func append(_ data: Data) throws(PackKitError) {
        let failed: Int32? = data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        if let failed { throw .io("cannot write \(url.path): errno \(failed)") }
    }

    /// Empties the file and forgets its validator: the next bytes start the pack again.
    func truncate() throws(PackKitError) {
        guard ftruncate(descriptor, 0) == 0 else { throw .io("cannot truncate \(url.path): errno \(errno)") }
        validator = nil
    }

    /// SHA-256 state over the bytes already on disk, so that a resumed download's digest covers the whole
    /// pack and not just what this run received.
    func hashedPrefix() throws(PackKitError) -> SHA256 {
        var hasher = SHA256()
        guard let handle = FileHandle(forReadingAtPath: url.path) else { throw .io("cannot read \(url.path)") }
        defer { try? handle.close() }
        while true {
            let block: Data?
            do { block = try handle.read(upToCount: 1 << 20) } catch { throw .io("cannot read \(url.path): \(error)") }
            guard let block, !block.isEmpty else { break }
            hasher.update(data: block)
        }
        return hasher
    }

    /// The ETag of the response the bytes on disk came from (sent as `If-Range` on resume).
    var validator: String? {
        get {
            (try? String(contentsOf: validatorURL, encoding: .utf8)).flatMap { $0.isEmpty ? nil : $0 }
        }
        set {
            if let newValue {
                try? Data(newValue.utf8).write(to: validatorURL, options: .atomic)
            } else {
                unlink(validatorURL.path)
            }
        }
    }

    /// Deletes the file and its validator (a refused download).
    func remove() {
        unlink(url.path)
        unlink(validatorURL.path)
    }
}
