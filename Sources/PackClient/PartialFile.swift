import Foundation
import Synchronization

/// The file a download is written to, `<sha256>.partial`, with its validator beside it in
/// `<sha256>.partial.etag`. Bytes are only ever appended, so after a crash or a kill the file holds a
/// prefix of what was received and the next run resumes from its length.
final class PartialFile: Sendable {
    let path: String
    private let descriptor: Int32
    private let written = Atomic<Int64>(0)

    var validatorPath: String { path + ".etag" }

    init(path: String) throws(DownloadFailure) {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .io("cannot open \(path): \(String(cString: strerror(errno)))") }
    }

    deinit {
        close(descriptor)
    }

    /// The partial's current length.
    var length: Int64 {
        var status = stat()
        return fstat(descriptor, &status) == 0 ? Int64(status.st_size) : 0
    }

    /// Bytes appended through this instance (what came over the network).
    var bytesWritten: Int64 { written.load(ordering: .relaxed) }

    func append(_ data: Data) throws(DownloadFailure) {
        let failure: Int32? = data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += n
            }
            return nil
        }
        if let failure { throw .io("cannot write \(path): \(String(cString: strerror(failure)))") }
        written.add(Int64(data.count), ordering: .relaxed)
    }

    /// Empties the file (a response that starts again from byte 0).
    func truncate() throws(DownloadFailure) {
        guard ftruncate(descriptor, 0) == 0 else {
            throw .io("cannot truncate \(path): \(String(cString: strerror(errno)))")
        }
        removeValidator()
    }

    /// Remembers the ETag of the response whose bytes are in the file, for `If-Range` next time.
    func saveValidator(_ etag: String?) {
        guard let etag else { return removeValidator() }
        try? Data(etag.utf8).write(to: URL(fileURLWithPath: validatorPath), options: .atomic)
    }

    func loadValidator() -> String? {
        (try? String(contentsOfFile: validatorPath, encoding: .utf8)).flatMap { $0.isEmpty ? nil : $0 }
    }

    private func removeValidator() {
        unlink(validatorPath)
    }

    /// Deletes the file and its validator.
    func remove() {
        unlink(path)
        removeValidator()
    }
}
