import HTTPServer
import PackStore

/// An upload's streamed body as the store's byte source; no stream (`Content-Length: 0`) is an empty pack.
struct UploadBodySource: PackByteSource {
    let stream: RequestBodyStream?

    mutating func nextBytes() throws -> [UInt8]? {
        try stream?.next()
    }
}
