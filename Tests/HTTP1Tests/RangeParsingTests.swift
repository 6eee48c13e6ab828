import Testing
@testable import HTTP1

/// RFC 9110 §14.1.1 syntax of the Range field, independent of any representation length.
struct RangeParsingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var field: String
        var specs: [ByteRangeSpec]?
        var testDescription: String { "Range: \(field)" }
    }

    static let huge = "99999999999999999999"  // > 2^64

    @Test(arguments: [
        Case(field: "bytes=0-0", specs: [.from(first: 0, last: 0)]),
        Case(field: "bytes=500-", specs: [.from(first: 500, last: nil)]),
        Case(field: "bytes=-500", specs: [.suffix(length: 500)]),
        Case(field: "bytes=-0", specs: [.suffix(length: 0)]),
        Case(field: "bytes=0-1,5-6", specs: [.from(first: 0, last: 1), .from(first: 5, last: 6)]),
        // The unit is case-insensitive (§14.1).
        Case(field: "Bytes=0-1", specs: [.from(first: 0, last: 1)]),
        Case(field: "BYTES=0-1", specs: [.from(first: 0, last: 1)]),
        // Empty list elements are skipped, whitespace around elements is allowed (§5.6.1).
        Case(field: "bytes=0-1,,5-6", specs: [.from(first: 0, last: 1), .from(first: 5, last: 6)]),
        Case(field: "bytes=,0-1, ,", specs: [.from(first: 0, last: 1)]),
        Case(field: " bytes=0-1 ,\t5-6 ", specs: [.from(first: 0, last: 1), .from(first: 5, last: 6)]),
        Case(field: "bytes=7-7", specs: [.from(first: 7, last: 7)]),
        Case(field: "bytes=0005-0006", specs: [.from(first: 5, last: 6)]),
        // 64-bit overflow saturates instead of wrapping.
        Case(field: "bytes=\(huge)-", specs: [.from(first: .max, last: nil)]),
        Case(field: "bytes=0-\(huge)", specs: [.from(first: 0, last: .max)]),
        Case(field: "bytes=-\(huge)", specs: [.suffix(length: .max)]),
        Case(field: "bytes=9223372036854775807-9223372036854775807", specs: [.from(first: .max, last: .max)]),
        Case(field: "bytes=9223372036854775808-", specs: [.from(first: .max, last: nil)]),
        Case(field: "bytes=\(huge)-\(huge)9", specs: [.from(first: .max, last: .max)]),
        // Syntax errors: the whole field is ignored.
        Case(field: "bytes=5-1", specs: nil),
        Case(field: "bytes=\(huge)9-\(huge)", specs: nil),
        Case(field: "bytes=abc", specs: nil),
        Case(field: "bytes=+5", specs: nil),
        Case(field: "bytes=+5-6", specs: nil),
        Case(field: "bytes=5", specs: nil),
        Case(field: "bytes=-", specs: nil),
        Case(field: "bytes=1-2-3", specs: nil),
        Case(field: "bytes=0-1,x", specs: nil),
        Case(field: "bytes=0 -1", specs: nil),
        Case(field: "bytes=0x10-", specs: nil),
        Case(field: "bytes=-5-", specs: nil),
        Case(field: "bytes=", specs: nil),
        Case(field: "bytes=,", specs: nil),
        Case(field: "bytes 0-1", specs: nil),
        Case(field: "bytes0-1", specs: nil),
        Case(field: "items=0-1", specs: nil),
        Case(field: "bytess=0-1", specs: nil),
        Case(field: "=0-1", specs: nil),
        Case(field: "", specs: nil),
    ])
    func parses(_ c: Case) {
        #expect(ByteRangeSpec.parseRangeField(c.field) == c.specs)
    }

    @Test(arguments: [
        ("5", "6", true), ("6", "5", false), ("5", "5", false),
        ("0009", "10", true), ("\(huge)", "\(huge)1", true), ("\(huge)1", "\(huge)", false),
        ("18446744073709551616", "18446744073709551615", false),
    ])
    func comparesDecimalsExactly(a: String, b: String, less: Bool) {
        let result = Array(a.utf8).withUnsafeBufferPointer { a in
            Array(b.utf8).withUnsafeBufferPointer { b in ByteRangeSpec.decimalLess(a[...], b[...]) }
        }
        #expect(result == less)
    }
}
