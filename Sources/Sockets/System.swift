import Glibc

/// Small facts about the machine and clock that the server reads often.
package enum System {
    package static var coreCount: Int { Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    /// Seconds on a monotonic clock, cheap enough to read on every event (vDSO, coarse resolution);
    /// timeouts only need whole seconds.
    package static func monotonicSeconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC_COARSE, &ts)
        return Int64(ts.tv_sec)
    }

    /// Monotonic nanoseconds, for request durations in the access log.
    package static func monotonicNanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// Wall-clock seconds since 1970, for the Date header.
    package static func wallClockSeconds() -> Int64 {
        Int64(time(nil))
    }
}
