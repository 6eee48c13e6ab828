/// A proleptic Gregorian calendar date, converted to and from days since 1970-01-01 with integer arithmetic
/// only (Howard Hinnant's `civil_from_days` / `days_from_civil`), so HTTP dates need neither Foundation nor
/// the C library's time-zone machinery. HTTP dates are always UTC (RFC 9110 §5.6.7), so no zone is involved.
package struct CivilDate: Equatable {
    package var year: Int64
    /// 1…12
    package var month: Int64
    /// 1…31
    package var day: Int64

    init(year: Int64, month: Int64, day: Int64) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `days` after (or before, if negative) 1970-01-01.
    package init(daysSince1970 days: Int64) {
        // Shift the epoch to 0000-03-01 so that leap days fall at the end of a 400-year era's year.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days since 1970-01-01 (negative before it).
    var daysSince1970: Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// 0 = Sunday … 6 = Saturday. 1970-01-01 was a Thursday.
    static func weekday(daysSince1970 days: Int64) -> Int {
        Int(((days % 7) + 7 + 4) % 7)
    }

    static func isLeapYear(_ year: Int64) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func daysInMonth(_ month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
