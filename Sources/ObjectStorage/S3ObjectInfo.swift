import HTTP1
import HTTPClient

/// What a HEAD or GET says of an object: its whole size, its ETag (quotes included, as S3 sends it), its
/// Last-Modified, and for a ranged GET the span answered.
public struct S3ObjectInfo: Sendable, Equatable {
    public var size: Int64
    public var etag: String
    public var lastModified: String?
    public var contentRange: ClosedRange<Int64>?

    public init(size: Int64, etag: String, lastModified: String? = nil, contentRange: ClosedRange<Int64>? = nil) {
        self.size = size
        self.etag = etag
        self.lastModified = lastModified
        self.contentRange = contentRange
    }

    /// From a 200 or 206 head: the size is Content-Range's complete length when there is one (RFC 9110
    /// §14.4), else Content-Length.
    init(head: ClientResponseHead) throws(ObjectStorageError) {
        etag = head.headers["etag"] ?? ""
        lastModified = head.headers["last-modified"]
        if head.status == 206, let field = head.headers["content-range"] {
            // bytes FIRST-LAST/COMPLETE
            let parts = field.split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "/" })
            guard parts.count == 4, parts[0] == "bytes", let first = Int64(parts[1]), let last = Int64(parts[2]),
                let complete = Int64(parts[3]), first <= last
            else { throw ObjectStorageError(.malformedResponse, "an invalid Content-Range: \(field)") }
            contentRange = first...last
            size = complete
        } else {
            guard let length = head.headers["content-length"].flatMap({ Int64($0) }) else {
                throw ObjectStorageError(.malformedResponse, "no Content-Length in a \(head.status) answer")
            }
            size = length
            contentRange = nil
        }
    }
}
