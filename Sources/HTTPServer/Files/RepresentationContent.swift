/// Where a representation's bytes are: an open file (sent with sendfile(2)) or bytes in memory (a
/// document encoded once). Ranges of either become body segments without copying the file.
public enum RepresentationContent: Sendable {
    case file(OpenFile)
    case bytes([UInt8])

    public var length: Int64 {
        switch self {
        case .file(let file): file.size
        case .bytes(let bytes): Int64(bytes.count)
        }
    }

    /// The `count` bytes from `offset`, which the caller has checked lie within `length`.
    func segment(offset: Int64, count: Int64) -> HTTPBody.Segment {
        switch self {
        case .file(let file):
            return .file(file, offset: offset, count: count)
        case .bytes(let bytes):
            let start = Int(offset)
            return .bytes(Array(bytes[start..<start + Int(count)]))
        }
    }

    /// The whole content as a body (in-memory bytes are shared, not copied).
    var whole: HTTPBody {
        switch self {
        case .file(let file): .file(file, count: file.size)
        case .bytes(let bytes): .bytes(bytes)
        }
    }
}
