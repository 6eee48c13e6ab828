import HTTPServer
import PackStore

/// An upload's streamed body as the store's byte source; no stream (`Content-Length: 0`) is an empty pack.
/// Keeps why the body ended early, so the upload's slot can tell a too-slow client (408) from others.
struct UploadBodySource: PackByteSource {
    let stream: RequestBodyStream?
    private(set) var failure: RequestBodyStream.Failure?

    init(stream: RequestBodyStream?) {
        self.stream = stream
    }

    /// The server ended the body because it fell behind its pace.
    var endedTooSlow: Bool { failure == .refused(status: 408) }

    mutating func nextBytes() throws -> [UInt8]? {
        do {
            return try stream?.next()
        } catch {
            failure = error
            throw error
        }
    }
}
