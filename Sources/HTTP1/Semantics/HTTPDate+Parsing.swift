/// Parsing of HTTP-date (RFC 9110 §5.6.7). A recipient must accept all three formats:
///
///     IMF-fixdate  Sun, 06 Nov 1994 08:49:37 GMT
///     rfc850-date  Sunday, 06-Nov-94 08:49:37 GMT     (obsolete)
///     asctime-date Sun Nov  6 08:49:37 1994           (obsolete)
///
/// The grammar is followed exactly (names are case-sensitive, as the RFC says), except that the day
/// name is checked for spelling but not against the date, as most servers do. Anything else is nil, which
/// callers treat as "no date" (an unparsable If-Modified-Since is ignored, §13.1.3).
extension HTTPDate {
    static let longDayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// Seconds since 1970 for a valid HTTP-date, or nil. `now` (default: the clock, read only when
    /// needed) decides the century of a two-digit rfc850 year: RFC 9110 §5.6.7 reads a year more than 50
    /// years in the future as the most recent past year with those two digits.
    public static func parse(_ text: some StringProtocol, now: Int64? = nil) -> Int64? {
        var text = String(text)
        return text.withUTF8 { all in
            // Optional whitespace around a field value is not part of it (RFC 9110 §5.5).
            var start = 0
            var end = all.count
            while start < end, all[start] == 0x20 || all[start] == 0x09 { start += 1 }
            while end > start, all[end - 1] == 0x20 || all[end - 1] == 0x09 { end -= 1 }
            let b = Bytes(rebasing: all[start..<end])
            guard b.count >= 24 else { return nil }
            if b[3] == UInt8(ascii: ",") { return parseFixdate(b) }
            if b[3] == UInt8(ascii: " ") { return parseAsctime(b) }
            return parseRFC850(b, now: now ?? HTTPDate.now())
        }
    }

    private typealias Bytes = UnsafeBufferPointer<UInt8>

    /// `Sun, 06 Nov 1994 08:49:37 GMT`
    private static func parseFixdate(_ b: Bytes) -> Int64? {
        guard b.count == 29, dayNameIndex(b, at: 0) != nil,
              b[4] == 0x20, b[7] == 0x20, b[11] == 0x20, b[16] == 0x20, b[25] == 0x20,
              isGMT(b, at: 26),
              let day = digits(b, at: 5, count: 2),
              let month = monthIndex(b, at: 8),
              let year = digits(b, at: 12, count: 4),
              let time = timeOfDay(b, at: 17)
        else { return nil }
        return seconds(year: year, month: month, day: day, timeOfDay: time)
    }

    /// `Sunday, 06-Nov-94 08:49:37 GMT`
    private static func parseRFC850(_ b: Bytes, now: Int64) -> Int64? {
        guard let comma = b.firstIndex(of: UInt8(ascii: ",")),
              longDayNames.contains(where: { $0.utf8.elementsEqual(b[..<comma]) }),
              b.count == comma + 24,
              b[comma + 1] == 0x20, b[comma + 4] == UInt8(ascii: "-"), b[comma + 8] == UInt8(ascii: "-"),
              b[comma + 11] == 0x20, b[comma + 20] == 0x20, isGMT(b, at: comma + 21),
              let day = digits(b, at: comma + 2, count: 2),
              let month = monthIndex(b, at: comma + 5),
              let twoDigitYear = digits(b, at: comma + 9, count: 2),
              let time = timeOfDay(b, at: comma + 12)
        else { return nil }
        let currentYear = CivilDate(daysSince1970: floorDays(now)).year
        var year = currentYear - currentYear % 100 + twoDigitYear
        if year > currentYear + 50 { year -= 100 }
        return seconds(year: year, month: month, day: day, timeOfDay: time)
    }

    /// `Sun Nov  6 08:49:37 1994` (the day of month is two digits or a space and one digit).
    private static func parseAsctime(_ b: Bytes) -> Int64? {
        guard b.count == 24, dayNameIndex(b, at: 0) != nil,
              b[7] == 0x20, b[10] == 0x20, b[19] == 0x20,
              let month = monthIndex(b, at: 4),
              let day = b[8] == 0x20 ? digits(b, at: 9, count: 1) : digits(b, at: 8, count: 2),
              let time = timeOfDay(b, at: 11),
              let year = digits(b, at: 20, count: 4)
        else { return nil }
        return seconds(year: year, month: month, day: day, timeOfDay: time)
    }

    private static func seconds(year: Int64, month: Int64, day: Int64, timeOfDay: Int64) -> Int64? {
        guard day >= 1, day <= CivilDate.daysInMonth(month, year: year) else { return nil }
        return CivilDate(year: year, month: month, day: day).daysSince1970 * 86_400 + timeOfDay
    }

    /// `HH:MM:SS` → seconds into the day. Second 60 is the leap second the grammar allows.
    private static func timeOfDay(_ b: Bytes, at i: Int) -> Int64? {
        guard b[i + 2] == UInt8(ascii: ":"), b[i + 5] == UInt8(ascii: ":"),
              let hour = digits(b, at: i, count: 2), hour < 24,
              let minute = digits(b, at: i + 3, count: 2), minute < 60,
              let second = digits(b, at: i + 6, count: 2), second <= 60
        else { return nil }
        return hour * 3600 + minute * 60 + second
    }

    private static func digits(_ b: Bytes, at i: Int, count: Int) -> Int64? {
        var value: Int64 = 0
        for c in b[i..<(i + count)] {
            guard c >= 0x30 && c <= 0x39 else { return nil }
            value = value * 10 + Int64(c - 0x30)
        }
        return value
    }

    /// 1…12 for `Jan`…`Dec`.
    private static func monthIndex(_ b: Bytes, at i: Int) -> Int64? {
        threeLetterIndex(in: monthNames, b, at: i).map { Int64($0 + 1) }
    }

    private static func dayNameIndex(_ b: Bytes, at i: Int) -> Int? {
        threeLetterIndex(in: dayNames, b, at: i)
    }

    private static func threeLetterIndex(in table: StaticString, _ b: Bytes, at i: Int) -> Int? {
        let names = table.utf8Start
        return stride(from: 0, to: table.utf8CodeUnitCount, by: 3).first {
            names[$0] == b[i] && names[$0 + 1] == b[i + 1] && names[$0 + 2] == b[i + 2]
        }.map { $0 / 3 }
    }

    private static func isGMT(_ b: Bytes, at i: Int) -> Bool {
        b[i] == UInt8(ascii: "G") && b[i + 1] == UInt8(ascii: "M") && b[i + 2] == UInt8(ascii: "T")
    }
}
