import Foundation
import PackServer

/// Blob upload progress on stderr: `bucket: 3/20 blobs, 12.0 MiB of 80.0 MiB`, redrawn in place on a
/// terminal, and at most a line every 2 seconds (and the last one) otherwise, so logs and the kill test see it.
final class BucketProgressLine: @unchecked Sendable {
    private let terminal = isatty(STDERR_FILENO) == 1
    private var lastLine = Date.distantPast
    private var drawn = false

    func update(_ progress: BucketPublishProgress) {
        let text = "bucket: \(progress.blobsSent)/\(progress.blobsToSend) blobs, "
            + "\(ByteCount.format(progress.bytesSent)) of \(ByteCount.format(progress.bytesToSend))"
        if terminal {
            FileHandle.standardError.write(Data("\r\(text)\u{1B}[K".utf8))
            drawn = true
        } else if progress.blobsSent == progress.blobsToSend || Date().timeIntervalSince(lastLine) >= 2 {
            FileHandle.standardError.write(Data("\(text)\n".utf8))
            lastLine = Date()
        }
    }

    func finish() {
        if drawn { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
