/// What to send for a `Range` request against a representation of a known length: the whole
/// representation (200), some byte ranges (206), or nothing (416). Computed before the first byte is
/// written, so the response's Content-Length is exact (docs/http.md, RFC 9110 §14.2).
public enum RangePlan: Sendable, Equatable {
    /// Ignore the Range field and send the whole representation with 200.
    case full
    /// 206 with these ranges: satisfiable, clamped, sorted, with overlapping and adjacent ones merged
    /// (never empty; one range is a single-part response, several are multipart/byteranges).
    case partial([ByteRange])
    /// 416 with `Content-Range: bytes */length`: every range was unsatisfiable (RFC 9110 §15.5.17).
    case unsatisfiable

    /// Plans a `Range` field value; nil (no Range field) means `.full`. Inlinable: the responder plans every
    /// ranged request with it from another module (scripts/bench-hotpath measured the call).
    @inlinable
    public init(rangeField: String?, length: Int64, maxRanges: Int) {
        guard let rangeField, let specs = ByteRangeSpec.parseRangeField(rangeField) else {
            self = .full
            return
        }
        self.init(specs: specs, length: length, maxRanges: maxRanges)
    }

    /// Plans parsed specs against `length` bytes.
    ///
    /// Limits (the CVE-2011-3192 "Apache Killer" defence, RFC 9110 §17.15): more than `maxRanges` specs,
    /// or satisfiable ranges whose clamped lengths add up to more than `length`, are answered with the
    /// whole representation — always a correct answer, and never more work than a plain GET.
    /// `maxRanges` counts the specs as the client sent them, BEFORE unsatisfiable ones are dropped and
    /// before merging: a request with thousands of ranges is refused for what it asks, not for what
    /// happens to survive (empty list elements are not specs and do not count). `maxRanges` < 1 turns
    /// range support off. The length sum is taken after clamping and before merging, so many
    /// overlapping copies of one large range trip it even though they would merge into one.
    public init(specs: [ByteRangeSpec], length: Int64, maxRanges: Int) {
        // A zero-length representation has no byte positions to name: `bytes 0--1/0` is not a valid
        // Content-Range, so Range is ignored and an empty 200 is sent (docs/http.md).
        guard length > 0, specs.count <= maxRanges else {
            self = .full
            return
        }
        var ranges: [ByteRange] = []
        ranges.reserveCapacity(specs.count)
        var total: Int64 = 0
        for spec in specs {
            guard let range = spec.resolved(length: length) else { continue }
            // total ≤ length here, so `length - total` cannot overflow.
            guard range.count <= length - total else {
                self = .full
                return
            }
            total += range.count
            ranges.append(range)
        }
        if ranges.isEmpty {
            self = .unsatisfiable
            return
        }
        self = .partial(Self.coalesced(ranges))
    }

    /// Sorts by first position and merges ranges that overlap or touch (`0-4,5-9` → `0-9`): sending
    /// them as separate parts would only add part headers (RFC 9110 §14.2 lets a server coalesce).
    static func coalesced(_ ranges: [ByteRange]) -> [ByteRange] {
        // One range (nearly every request) has nothing to sort or merge.
        if ranges.count < 2 { return ranges }
        var merged: [ByteRange] = []
        merged.reserveCapacity(ranges.count)
        for range in ranges.sorted(by: { $0.first < $1.first }) {
            // last < length ≤ Int64.max, so `last + 1` cannot overflow.
            if let previous = merged.last, range.first <= previous.last + 1 {
                merged[merged.count - 1] = ByteRange(first: previous.first, last: max(previous.last, range.last))
            } else {
                merged.append(range)
            }
        }
        return merged
    }
}
