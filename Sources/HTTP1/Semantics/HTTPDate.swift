// Scoped: HTTP1 has no I/O, and takes from the C library only what it names (scripts/test checks).
import func Glibc.time

/// HTTP-date (RFC 9110 §5.6.7): formatting as IMF-fixdate and parsing of the three formats a recipient
/// must accept. Values are whole seconds since 1970-01-01 UTC, the resolution HTTP dates have.
///
/// Formatting is pure arithmetic into a 29-byte string (no DateFormatter, no locale, no time zone): the
/// server formats `Date` once per second and `Last-Modified` once per response.
public enum HTTPDate {
    /// The length of an IMF-fixdate, e.g. `Sun, 06 Nov 1994 08:49:37 GMT`.
    static let fixdateLength = 29

    /// Four-digit years only: an IMF-fixdate cannot spell anything outside 0000…9999, so an absurd file
    /// mtime is clamped rather than producing an invalid header.
    /// 0000-01-01T00:00:00Z and 9999-12-31T23:59:59Z (literals: no lazy global on the hot path;
    /// HTTPDateTests checks them against CivilDate).
    static let earliest: Int64 = -62_167_219_200
    static let latest: Int64 = 253_402_300_799

    /// Three-letter names, packed; StaticString keeps them in constant memory (no array, no retain).
    static let dayNames: StaticString = "SunMonTueWedThuFriSat"
    package static let monthNames: StaticString = "JanFebMarAprMayJunJulAugSepOctNovDec"

    /// `Sun, 06 Nov 1994 08:49:37 GMT` for `secondsSince1970` (clamped to years 0000…9999).
    public static func format(_ secondsSince1970: Int64) -> String {
        let seconds = min(max(secondsSince1970, earliest), latest)
        let days = floorDays(seconds)
        let secondOfDay = seconds - days * 86_400
        let date = CivilDate(daysSince1970: days)
        let weekday = CivilDate.weekday(daysSince1970: days)
        return String(unsafeUninitializedCapacity: fixdateLength) { out in
            func put3(_ table: StaticString, _ index: Int, at position: Int) {
                let name = table.utf8Start + index * 3
                out[position] = name[0]
                out[position + 1] = name[1]
                out[position + 2] = name[2]
            }
            func put2(_ value: Int64, at position: Int) {
                out[position] = UInt8(truncatingIfNeeded: 0x30 + value / 10)
                out[position + 1] = UInt8(truncatingIfNeeded: 0x30 + value % 10)
            }
            put3(dayNames, weekday, at: 0)
            out[3] = UInt8(ascii: ",")
            out[4] = UInt8(ascii: " ")
            put2(date.day, at: 5)
            out[7] = UInt8(ascii: " ")
            put3(monthNames, Int(date.month - 1), at: 8)
            out[11] = UInt8(ascii: " ")
            put2(date.year / 100, at: 12)
            put2(date.year % 100, at: 14)
            out[16] = UInt8(ascii: " ")
            put2(secondOfDay / 3600, at: 17)
            out[19] = UInt8(ascii: ":")
            put2(secondOfDay / 60 % 60, at: 20)
            out[22] = UInt8(ascii: ":")
            put2(secondOfDay % 60, at: 23)
            out[25] = UInt8(ascii: " ")
            out[26] = UInt8(ascii: "G")
            out[27] = UInt8(ascii: "M")
            out[28] = UInt8(ascii: "T")
            return fixdateLength
        }
    }

    /// Whole days since 1970, rounding toward negative infinity: a second before 1970 is in 1969-12-31.
    package static func floorDays(_ seconds: Int64) -> Int64 {
        let days = seconds / 86_400
        return seconds % 86_400 < 0 ? days - 1 : days
    }

    /// The current time in whole seconds since 1970 (from the system clock).
    public static func now() -> Int64 {
        Int64(time(nil))
    }
}
