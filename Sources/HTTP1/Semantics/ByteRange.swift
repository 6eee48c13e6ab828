/// A satisfiable byte range of a representation: `first`…`last`, both inclusive, as in `Content-Range`.
public struct ByteRange: Sendable, Hashable, CustomStringConvertible {
    public let first: Int64
    public let last: Int64

    /// `first <= last` and both non-negative; `RangePlan` only creates such ranges.
    public init(first: Int64, last: Int64) {
        precondition(first >= 0 && first <= last, "invalid byte range \(first)-\(last)")
        self.first = first
        self.last = last
    }

    /// The number of bytes in the range.
    public var count: Int64 { last - first + 1 }

    /// `bytes 0-499/1234` (RFC 9110 §14.4).
    public func contentRange(completeLength: Int64) -> String {
        let (first, last, length) = (UInt64(first), UInt64(last), UInt64(completeLength))
        let capacity = 6 + ASCIIDigits.count(first) + 1 + ASCIIDigits.count(last) + 1 + ASCIIDigits.count(length)
        return String(unsafeUninitializedCapacity: capacity) { out in
            var end = out.initialize(from: "bytes ".utf8).1
            end = ASCIIDigits.write(first, into: out, at: end)
            out[end] = UInt8(ascii: "-")
            end = ASCIIDigits.write(last, into: out, at: end + 1)
            out[end] = UInt8(ascii: "/")
            return ASCIIDigits.write(length, into: out, at: end + 1)
        }
    }

    public var description: String { "\(first)-\(last)" }
}
