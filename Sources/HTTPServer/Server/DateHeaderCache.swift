import HTTP1
import Sockets

/// The Date header value (RFC 9110 §6.6.1), formatted at most once per second per event loop.
struct DateHeaderCache {
    private var second: Int64 = -1
    private var value = ""

    mutating func current() -> String {
        let now = System.wallClockSeconds()
        if now != second {
            second = now
            value = HTTPDate.format(now)
        }
        return value
    }
}
