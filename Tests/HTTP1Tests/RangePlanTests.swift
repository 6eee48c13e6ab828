import Testing
@testable import HTTP1

/// Every row of docs/http.md "Ranges" that the planner decides (RFC 9110 §14.1.2, §14.2).
struct RangePlanTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var row: String
        var field: String?
        var length: Int64
        var maxRanges: Int = 16
        var expected: RangePlan
        var testDescription: String { "\(row): \(field ?? "(no Range)") N=\(length)" }
    }

    static let huge = "99999999999999999999"

    static func ranges(_ pairs: (Int64, Int64)...) -> RangePlan {
        .partial(pairs.map { ByteRange(first: $0.0, last: $0.1) })
    }

    /// `bytes=0-0,2-2,4-4,…`: `count` disjoint one-byte ranges.
    static func disjoint(_ count: Int) -> String {
        "bytes=" + (0..<count).map { "\($0 * 2)-\($0 * 2)" }.joined(separator: ",")
    }

    @Test(arguments: [
        Case(row: "no Range", field: nil, length: 1000, expected: .full),
        Case(row: "first byte", field: "bytes=0-0", length: 1000, expected: ranges((0, 0))),
        Case(row: "open end", field: "bytes=500-", length: 1000, expected: ranges((500, 999))),
        Case(row: "open end, no cap", field: "bytes=500-", length: 10_000_000_000, expected: ranges((500, 9_999_999_999))),
        Case(row: "whole as a range", field: "bytes=0-", length: 1000, expected: ranges((0, 999))),
        Case(row: "suffix", field: "bytes=-500", length: 1000, expected: ranges((500, 999))),
        Case(row: "suffix = N", field: "bytes=-500", length: 500, expected: ranges((0, 499))),
        Case(row: "suffix > N", field: "bytes=-500", length: 300, expected: ranges((0, 299))),
        Case(row: "suffix of zero", field: "bytes=-0", length: 1000, expected: .unsatisfiable),
        Case(row: "start at N", field: "bytes=1000-", length: 1000, expected: .unsatisfiable),
        Case(row: "all start ≥ N", field: "bytes=1000-2000,5000-", length: 1000, expected: .unsatisfiable),
        Case(row: "last ≥ N clamps", field: "bytes=0-5000", length: 1000, expected: ranges((0, 999))),
        Case(row: "last = N clamps", field: "bytes=990-1000", length: 1000, expected: ranges((990, 999))),
        Case(row: "some unsatisfiable", field: "bytes=0-1,2000-3000,5-6", length: 1000, expected: ranges((0, 1), (5, 6))),
        Case(row: "some unsatisfiable, one left", field: "bytes=-0,10-19", length: 1000, expected: ranges((10, 19))),
        Case(row: "N = 0", field: "bytes=0-0", length: 0, expected: .full),
        Case(row: "N = 0 suffix", field: "bytes=-5", length: 0, expected: .full),
        Case(row: "N = 0 open", field: "bytes=0-", length: 0, expected: .full),
        Case(row: "syntax: reversed", field: "bytes=5-1", length: 1000, expected: .full),
        Case(row: "syntax: letters", field: "bytes=abc", length: 1000, expected: .full),
        Case(row: "syntax: plus", field: "bytes=+5", length: 1000, expected: .full),
        Case(row: "syntax: no dash", field: "bytes=5", length: 1000, expected: .full),
        Case(row: "unknown unit", field: "items=0-1", length: 1000, expected: .full),
        Case(row: "Bytes=", field: "Bytes=0-0", length: 1000, expected: ranges((0, 0))),
        Case(row: "overflowing first-pos", field: "bytes=\(huge)-", length: 1000, expected: .unsatisfiable),
        Case(row: "overflowing last-pos", field: "bytes=10-\(huge)", length: 1000, expected: ranges((10, 999))),
        Case(row: "overflowing suffix", field: "bytes=-\(huge)", length: 1000, expected: ranges((0, 999))),
        Case(row: "N = Int64.max, last byte", field: "bytes=9223372036854775806-", length: .max,
             expected: ranges((.max - 1, .max - 1))),
        Case(row: "N = Int64.max, first-pos = N", field: "bytes=9223372036854775807-", length: .max, expected: .unsatisfiable),
        Case(row: "N = Int64.max, twice the whole", field: "bytes=0-,0-", length: .max, expected: .full),
        Case(row: "empty items", field: "bytes=0-1,,5-6", length: 1000, expected: ranges((0, 1), (5, 6))),
        Case(row: "maxRanges exactly", field: disjoint(16), length: 1000,
             expected: .partial((0..<16).map { ByteRange(first: Int64($0 * 2), last: Int64($0 * 2)) })),
        Case(row: "maxRanges exceeded", field: disjoint(17), length: 1000, expected: .full),
        Case(row: "maxRanges counts unsatisfiable specs", field: "bytes=0-0,5000-,6000-", length: 1000, maxRanges: 2, expected: .full),
        Case(row: "maxRanges ignores empty items", field: "bytes=0-0,,,2-2", length: 1000, maxRanges: 2, expected: ranges((0, 0), (2, 2))),
        Case(row: "maxRanges 0 disables ranges", field: "bytes=0-0", length: 1000, maxRanges: 0, expected: .full),
        Case(row: "sum > N", field: "bytes=0-,0-", length: 1000, expected: .full),
        Case(row: "sum > N overlapping", field: "bytes=0-599,400-999", length: 1000, expected: .full),
        Case(row: "sum > N suffixes", field: "bytes=-600,-600", length: 1000, expected: .full),
        Case(row: "sum = N adjacent", field: "bytes=0-499,500-999", length: 1000, expected: ranges((0, 999))),
        Case(row: "overlapping", field: "bytes=0-10,5-20", length: 1000, expected: ranges((0, 20))),
        Case(row: "adjacent", field: "bytes=0-4,5-9", length: 1000, expected: ranges((0, 9))),
        Case(row: "contained", field: "bytes=0-99,10-20", length: 1000, expected: ranges((0, 99))),
        Case(row: "unsorted", field: "bytes=50-59,0-9", length: 1000, expected: ranges((0, 9), (50, 59))),
        Case(row: "gap of one byte", field: "bytes=0-0,2-2", length: 1000, expected: ranges((0, 0), (2, 2))),
        Case(row: "suffix merges with int-range", field: "bytes=-10,985-989", length: 1000, expected: ranges((985, 999))),
        Case(row: "chain merge", field: "bytes=20-29,0-9,10-19,40-49", length: 1000, expected: ranges((0, 29), (40, 49))),
    ])
    func plans(_ c: Case) {
        #expect(RangePlan(rangeField: c.field, length: c.length, maxRanges: c.maxRanges) == c.expected)
    }

    @Test(arguments: [
        (ByteRangeSpec.from(first: 0, last: nil), Int64(10), ByteRange(first: 0, last: 9) as ByteRange?),
        (.from(first: 9, last: 9), 10, ByteRange(first: 9, last: 9)),
        (.from(first: 10, last: nil), 10, nil),
        (.from(first: 3, last: .max), 10, ByteRange(first: 3, last: 9)),
        (.suffix(length: 1), 10, ByteRange(first: 9, last: 9)),
        (.suffix(length: .max), 10, ByteRange(first: 0, last: 9)),
        (.suffix(length: 0), 10, nil),
        (.suffix(length: 5), 0, nil),
    ])
    func resolvesOneSpec(spec: ByteRangeSpec, length: Int64, expected: ByteRange?) {
        #expect(spec.resolved(length: length) == expected)
    }

    @Test func contentRangeNamesInclusivePositions() {
        let range = ByteRange(first: 0, last: 499)
        #expect(range.count == 500)
        #expect(range.contentRange(completeLength: 1234) == "bytes 0-499/1234")
    }
}
