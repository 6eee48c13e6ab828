/// One `range-spec` of a `Range: bytes=…` field (RFC 9110 §14.1.1), before it meets a representation.
///
/// Positions are saturated at `Int64.max`: a representation length is at most `Int64.max`, so a first-pos
/// that overflows is unsatisfiable, a last-pos that overflows means "to the end", and a suffix-length that
/// overflows means "all of it" — exactly what the values would mean if they fit (docs/http.md).
public enum ByteRangeSpec: Sendable, Hashable {
    /// `first-last` or `first-` (int-range).
    case from(first: Int64, last: Int64?)
    /// `-length`: the final `length` bytes (suffix-range).
    case suffix(length: Int64)

    /// Resolves the spec against a representation of `length` bytes (RFC 9110 §14.1.2): nil if it is
    /// unsatisfiable (first-pos ≥ length, or a suffix of zero), else the range with last-pos clamped.
    public func resolved(length: Int64) -> ByteRange? {
        switch self {
        case .from(let first, let last):
            guard first < length else { return nil }
            return ByteRange(first: first, last: min(last ?? (length - 1), length - 1))
        case .suffix(let suffixLength):
            guard suffixLength > 0, length > 0 else { return nil }
            return ByteRange(first: length - min(suffixLength, length), last: length - 1)
        }
    }
}
