import Foundation
import HTTP1
import HTTPServer

/// A `Retry-After` field value (RFC 9110 §10.2.3): how long the server asks the client to wait before it tries
/// again, either as delta-seconds (`120`) or as an HTTP-date (`Fri, 31 Dec 1999 23:59:59 GMT`).
enum RetryAfter {
    /// The seconds to wait, counted from `now` (seconds since 1970) for a date; 0 for a date already past.
    /// Nil for anything else, which the caller treats as no field at all (its own pauses then apply).
    static func seconds(_ value: some StringProtocol, now: Int64) -> Double? {
        // Optional whitespace around a field value is not part of it (RFC 9110 §5.5).
        let trimmed = value.trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
        // delta-seconds = 1*DIGIT; a value too large for Int64 is still a (very long) wait.
        if !trimmed.isEmpty, trimmed.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            return Double(trimmed)
        }
        guard let date = HTTPDate.parse(trimmed, now: now) else { return nil }
        return Double(max(date - now, 0))
    }
}
