import Foundation
import Synchronization
import SystemPackage

/// The file a download is written to, `<sha256>.partial`, with its validator beside it in
/// `<sha256>.partial.etag`. Bytes are only ever appended, so after a crash or a kill the file holds a
/// prefix of what was received and the next run resumes from its length.
final class PartialFile: Sendable {
    let path: String
    private let descriptor: FileDescriptor
    private let written = Atomic<Int64>(0)

    var validatorPath: String { path + ".etag" }

    init(path: String) throws(DownloadFailure) {
        self.path = path
        do {
            descriptor = try FileDescriptor.open(
                FilePath(path), .writeOnly, options: [.create, .append, .closeOnExec],
                permissions: [.ownerReadWrite, .groupRead, .otherRead])
        } catch {
            throw .io("cannot open \(path): \(error)")
        }
    }

    deinit {
        try? descriptor.close()
    }

    /// The partial's current length.
    var length: Int64 {
        var status = stat()
        return fstat(descriptor.rawValue, &status) == 0 ? Int64(status.st_size) : 0
    }

    /// Bytes appended through this instance (what came over the network).
    var bytesWritten: Int64 { written.load(ordering: .relaxed) }

    func append(_ data: Data) throws(DownloadFailure) {
        do {
            _ = try data.withUnsafeBytes { try descriptor.writeAll($0) }
        } catch {
            throw .io("cannot write \(path): \(error)")
        }
        written.add(Int64(data.count), ordering: .relaxed)
    }

    /// Empties the file (a response that starts again from byte 0).
    func truncate() throws(DownloadFailure) {
        do {
            try descriptor.resize(to: 0)
        } catch {
            throw .io("cannot truncate \(path): \(error)")
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
