/// A response body as a list of segments, so one value describes in-memory bytes, a file region sent
/// with sendfile(2), and a multipart/byteranges body (bytes and file regions interleaved). Its length is
/// known before the first byte is written, so every response carries an exact Content-Length.
public struct HTTPBody: Sendable {
    public enum Segment: Sendable {
        case bytes([UInt8])
        /// `count` bytes of `file` starting at `offset`.
        case file(OpenFile, offset: Int64, count: Int64)

        public var count: Int64 {
            switch self {
            case .bytes(let bytes): Int64(bytes.count)
            case .file(_, _, let count): count
            }
        }
    }

    public var segments: [Segment]

    public init(segments: [Segment] = []) {
        self.segments = segments
    }

    public static let empty = HTTPBody()

    public static func bytes(_ bytes: [UInt8]) -> HTTPBody { HTTPBody(segments: [.bytes(bytes)]) }

    public static func string(_ text: String) -> HTTPBody { .bytes(Array(text.utf8)) }

    public static func file(_ file: OpenFile, offset: Int64 = 0, count: Int64) -> HTTPBody {
        HTTPBody(segments: [.file(file, offset: offset, count: count)])
    }

    /// The exact number of body bytes (the Content-Length).
    public var count: Int64 { segments.reduce(0) { $0 + $1.count } }

    /// Whether it is one region of a file that reaches the file's last byte: a whole file, or the range a
    /// download ends with (a multipart/byteranges body never is).
    public var endsAtItsFilesLastByte: Bool {
        guard segments.count == 1, case .file(let file, let offset, let count) = segments[0] else { return false }
        return count > 0 && offset + count == file.size
    }
}
