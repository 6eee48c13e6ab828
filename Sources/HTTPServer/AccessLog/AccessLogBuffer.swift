import HTTP1
import Sockets

/// One event loop's access-log lines not yet handed to the writer, and the timestamps for the current
/// second (formatted once per second, like the Date header).
///
/// Lines are handed over in batches: when the buffer holds `handOverBytes`, or when its oldest line has
/// waited `maxDelayNanoseconds` (the loop wakes for that: `millisecondsUntilDue`). Each hand-over takes
/// the writer's lock and wakes its thread, which then makes a write(2); doing that after every batch of
/// events, a handful of requests, cost more CPU per request than formatting the lines did.
struct AccessLogBuffer {
    let writer: AccessLogWriter
    private var bytes: [UInt8] = []
    private var lines = 0
    /// When the oldest line in `bytes` was recorded (monotonic nanoseconds).
    private var oldestLineAt: UInt64 = 0
    private var second: Int64 = -1
    private var localTime = ""
    private var isoTime = ""
    /// A buffer this large is handed over at once.
    static let handOverBytes = 32 * 1024
    /// The longest a line waits in the buffer (docs/access-log.md).
    static let maxDelayNanoseconds: UInt64 = 100_000_000

    init(writer: AccessLogWriter) {
        self.writer = writer
        bytes.reserveCapacity(Self.handOverBytes + 1024)
    }

    mutating func record(_ entry: AccessLogEntry) {
        let now = System.wallClockSeconds()
        if now != second {
            second = now
            (localTime, isoTime) = Self.times(now)
        }
        if lines == 0 { oldestLineAt = System.monotonicNanoseconds() }
        AccessLogLine.append(entry, format: writer.format, localTime: localTime, isoTime: isoTime, to: &bytes)
        lines += 1
        if bytes.count >= Self.handOverBytes { handOver() }
    }

    /// Hands the lines over if the oldest has waited long enough (called after each batch of events).
    mutating func handOverIfDue(now: UInt64 = System.monotonicNanoseconds()) {
        if lines > 0 && now &- oldestLineAt >= Self.maxDelayNanoseconds { handOver() }
    }

    /// How long the loop may sleep before `handOverIfDue` must run: nil when nothing is waiting.
    func millisecondsUntilDue(now: UInt64 = System.monotonicNanoseconds()) -> Int32? {
        guard lines > 0 else { return nil }
        let waited = now &- oldestLineAt
        guard waited < Self.maxDelayNanoseconds else { return 0 }
        // Rounded up, so the loop does not wake a moment early and sleep again.
        return Int32((Self.maxDelayNanoseconds - waited + 999_999) / 1_000_000)
    }

    /// Gives every line to the writer thread now (when full, and when the loop stops).
    mutating func handOver() {
        guard lines > 0 else { return }
        writer.submit(bytes, lines: lines)
        bytes = []
        bytes.reserveCapacity(Self.handOverBytes + 1024)
        lines = 0
    }

    /// nginx's `$time_local` in UTC (`23/Nov/2026:01:30:07 +0000`) and RFC 3339 (`2026-11-23T01:30:07Z`).
    static func times(_ secondsSince1970: Int64) -> (local: String, iso: String) {
        let days = HTTPDate.floorDays(secondsSince1970)
        let date = CivilDate(daysSince1970: days)
        let secondOfDay = secondsSince1970 - days * 86_400
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let clock = "\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))"
        let monthName = String(decoding: UnsafeBufferPointer(start: HTTPDate.monthNames.utf8Start + Int(date.month - 1) * 3, count: 3), as: UTF8.self)
        return ("\(two(date.day))/\(monthName)/\(date.year):\(clock) +0000", "\(date.year)-\(two(date.month))-\(two(date.day))T\(clock)Z")
    }
}
