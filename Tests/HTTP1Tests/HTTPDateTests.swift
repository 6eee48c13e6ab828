import Glibc
import Testing
@testable import HTTP1

/// RFC 9110 §5.6.7: IMF-fixdate output, and the three formats a recipient must parse.
struct HTTPDateTests {
    /// The RFC's own example instant: Sun, 06 Nov 1994 08:49:37 GMT.
    static let rfcExample: Int64 = 784_111_777

    @Test(arguments: [
        (Int64(0), "Thu, 01 Jan 1970 00:00:00 GMT"),
        (rfcExample, "Sun, 06 Nov 1994 08:49:37 GMT"),
        (951_782_400, "Tue, 29 Feb 2000 00:00:00 GMT"),
        (-1, "Wed, 31 Dec 1969 23:59:59 GMT"),
        (-86_400, "Wed, 31 Dec 1969 00:00:00 GMT"),
        (1_763_769_600, "Sat, 22 Nov 2025 00:00:00 GMT"),
        (253_402_300_799, "Fri, 31 Dec 9999 23:59:59 GMT"),
        // Out of the four-digit-year range: clamped, never an invalid header.
        (Int64.max, "Fri, 31 Dec 9999 23:59:59 GMT"),
        (Int64.min, "Sat, 01 Jan 0000 00:00:00 GMT"),
    ])
    func formatsIMFFixdate(seconds: Int64, expected: String) {
        #expect(HTTPDate.format(seconds) == expected)
    }

    /// Cross-checks the pure arithmetic against the C library's gmtime_r + strftime over 1900…2200.
    @Test func formatAgreesWithGmtime() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let start: Int64 = -2_208_988_800  // 1900-01-01
        let span: UInt64 = 9_467_280_000  // 300 years
        for _ in 0..<5000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let seconds = start + Int64(state % span)
            #expect(HTTPDate.format(seconds) == Self.libcFormat(seconds), "seconds \(seconds)")
            #expect(HTTPDate.parse(HTTPDate.format(seconds)) == seconds)
        }
    }

    @Test(arguments: [
        "Sun, 06 Nov 1994 08:49:37 GMT",
        "Sunday, 06-Nov-94 08:49:37 GMT",
        "Sun Nov  6 08:49:37 1994",
        "  Sun, 06 Nov 1994 08:49:37 GMT\t",
    ])
    func parsesAllThreeFormats(text: String) {
        #expect(HTTPDate.parse(text, now: 1_763_769_600) == Self.rfcExample)
    }

    @Test func parsesTwoDigitDayInAsctime() {
        #expect(HTTPDate.parse("Wed Nov 16 08:49:37 1994") == Self.rfcExample + 10 * 86_400)
    }

    @Test func parsesLeapSecondAsTheNextSecond() {
        #expect(HTTPDate.parse("Sat, 31 Dec 2016 23:59:60 GMT") == HTTPDate.parse("Sun, 01 Jan 2017 00:00:00 GMT"))
    }

    /// RFC 9110 §5.6.7: a two-digit year that looks more than 50 years ahead is in the past century.
    @Test(arguments: [
        ("Tuesday, 01-Jan-75 00:00:00 GMT", Int64(2075)),
        ("Wednesday, 01-Jan-76 00:00:00 GMT", Int64(1976)),
        ("Thursday, 01-Jan-26 00:00:00 GMT", Int64(2026)),
        ("Monday, 01-Jan-00 00:00:00 GMT", Int64(2000)),
    ])
    func rfc850CenturyFollowsTheFiftyYearRule(text: String, year: Int64) throws {
        let now: Int64 = 1_763_769_600  // 2025-11-22
        let seconds = try #require(HTTPDate.parse(text, now: now))
        #expect(CivilDate(daysSince1970: HTTPDate.floorDays(seconds)).year == year)
    }

    @Test(arguments: [
        "",
        "garbage",
        "Sun, 06 Nov 1994 08:49:37 UTC",
        "Sun, 06 Nov 1994 08:49:37 gmt",
        "sun, 06 Nov 1994 08:49:37 GMT",
        "Sun, 06 nov 1994 08:49:37 GMT",
        "Sun, 6 Nov 1994 08:49:37 GMT",
        "Sun, 06 Nov 94 08:49:37 GMT",
        "Sun, 06 Nov 1994 08:49:37 GMT extra",
        "Sun, 06 Nov 1994 8:49:37 GMT",
        "Sun, 06 Nov 1994 24:00:00 GMT",
        "Sun, 06 Nov 1994 23:60:00 GMT",
        "Sun, 06 Nov 1994 23:59:61 GMT",
        "Sun, 31 Nov 1994 08:49:37 GMT",
        "Sun, 00 Nov 1994 08:49:37 GMT",
        "Thu, 29 Feb 1900 00:00:00 GMT",
        "Sun, 06 Nov +994 08:49:37 GMT",
        "Sun, 06 Nov 1994 08-49-37 GMT",
        "Xyz, 06 Nov 1994 08:49:37 GMT",
        "Sunday, 06 Nov 1994 08:49:37 GMT",
        "Sonntag, 06-Nov-94 08:49:37 GMT",
        "Sunday, 06-Nov-1994 08:49:37 GMT",
        "Sun Nov 6 08:49:37 1994",
        "Sun Nov  6 08:49:37 94",
        "Sun Nov 06 08:49:37 1994 GMT",
        "1994-11-06T08:49:37Z",
    ])
    func rejectsInvalidDates(text: String) {
        #expect(HTTPDate.parse(text, now: 1_763_769_600) == nil)
    }

    @Test func acceptsTheTwentyNinthOfFebruaryOfALeapYear() {
        #expect(HTTPDate.parse("Tue, 29 Feb 2000 00:00:00 GMT") == 951_782_400)
        #expect(HTTPDate.parse("Sun, 29 Feb 2004 00:00:00 GMT") != nil)
    }

    @Test func clampBoundsAreTheFourDigitYears() {
        #expect(HTTPDate.earliest == CivilDate(year: 0, month: 1, day: 1).daysSince1970 * 86_400)
        #expect(HTTPDate.latest == CivilDate(year: 9999, month: 12, day: 31).daysSince1970 * 86_400 + 86_399)
    }

    @Test(arguments: [Int64(-719_528), -1, 0, 59, 365, 10_957, 2_932_896])
    func civilDateRoundTrips(days: Int64) {
        #expect(CivilDate(daysSince1970: days).daysSince1970 == days)
    }

    private static func libcFormat(_ seconds: Int64) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, "%a, %d %b %Y %H:%M:%S GMT", &parts)
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
