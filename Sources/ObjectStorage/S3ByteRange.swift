/// A Range request's bytes (RFC 9110 §14.1.2): an inclusive span, everything from an offset, or the last
/// `count` bytes.
public enum S3ByteRange: Sendable, Equatable {
    case span(ClosedRange<Int64>)
    case from(Int64)
    case suffix(Int64)

    public var headerValue: String {
        switch self {
        case .span(let range): "bytes=\(range.lowerBound)-\(range.upperBound)"
        case .from(let offset): "bytes=\(offset)-"
        case .suffix(let count): "bytes=-\(count)"
        }
    }
}
