#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Decides when a long copy reports progress: the first chunk, then at most every `interval`, then the end —
/// so a terminal progress bar redraws about ten times a second however fast the disk is.
struct ProgressThrottle {
    var intervalNanoseconds: UInt64 = 100_000_000
    private var lastReport: UInt64?

    init(intervalNanoseconds: UInt64 = 100_000_000) {
        self.intervalNanoseconds = intervalNanoseconds
    }

    /// `now` is a monotonic time in nanoseconds; `isFinal` forces a report.
    mutating func shouldReport(now: UInt64, isFinal: Bool) -> Bool {
        if !isFinal, let lastReport, now &- lastReport < intervalNanoseconds { return false }
        lastReport = now
        return true
    }

    static func monotonicNow() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
