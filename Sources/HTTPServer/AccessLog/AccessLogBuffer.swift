/// One event loop's access-log lines not yet handed to the writer, and the timestamps for the current
/// second (formatted once per second, like the Date header).
struct AccessLogBuffer {
    let writer: AccessLogWriter
    private var bytes: [UInt8] = []
    private var lines = 0
    private var second: Int64 = -1
    private var localTime = ""
    private var isoTime = ""
    /// A buffer this large is handed over at once rather than at the end of the batch of events.
    private static let handOverBytes = 64 * 1024

    init(writer: AccessLogWriter) {
        self.writer = writer
    }

    mutating func record(_ entry: AccessLogEntry) {
        let now = System.wallClockSeconds()
        if now != second {
            second = now
            (localTime, isoTime) = Self.times(now)
        }
        AccessLogLine.append(entry, format: writer.format, localTime: localTime, isoTime: isoTime, to: &bytes)
        lines += 1
        if bytes.count >= Self.handOverBytes { handOver() }
    }

    /// Gives the lines to the writer thread (called after each batch of events).
    mutating func handOver() {
        guard lines > 0 else { return }
        writer.submit(bytes, lines: lines)
        bytes = []
        bytes.reserveCapacity(4096)
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
