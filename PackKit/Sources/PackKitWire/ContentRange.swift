/// The `Content-Range` of a 206 response (RFC 9110 §14.4): `bytes first-last/complete`, complete possibly
/// `*`. The unsatisfied form `bytes */complete` belongs to 416 and is not accepted here.
public struct ContentRange: Sendable, Hashable {
    public var first: Int64
    public var last: Int64
    public var completeLength: Int64?

    public init(first: Int64, last: Int64, completeLength: Int64?) {
        self.first = first
        self.last = last
        self.completeLength = completeLength
    }

    /// Nil unless `value` is a well-formed satisfied byte range with first ≤ last < complete length.
    public init?(_ value: String) {
        let trimmed = value.trimmingASCIIWhitespace()
        guard trimmed.lowercased().hasPrefix("bytes ") else { return nil }
        let spec = trimmed.dropFirst("bytes ".count).trimmingASCIIWhitespace()
        let halves = spec.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count == 2 else { return nil }
        let bounds = halves[0].split(separator: "-", omittingEmptySubsequences: false)
        guard bounds.count == 2, let first = Self.digits(bounds[0]), let last = Self.digits(bounds[1]), first <= last
        else { return nil }
        var complete: Int64?
        if halves[1] != "*" {
            guard let length = Self.digits(halves[1]), last < length else { return nil }
            complete = length
        }
        self.init(first: first, last: last, completeLength: complete)
    }

    /// Bytes in the range.
    public var count: Int64 { last - first + 1 }

    private static func digits(_ text: Substring) -> Int64? {
        guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return Int64(text)
    }
}
