/// A GET's outcome: the object's bytes (all, or the range asked for) or, for a conditional GET whose ETag
/// still matches, 304 Not Modified and no bytes.
public enum S3GetResult: Sendable, Equatable {
    case object(S3ObjectInfo, [UInt8])
    case notModified
}
