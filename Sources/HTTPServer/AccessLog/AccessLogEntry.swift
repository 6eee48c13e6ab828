import HTTP1

/// What the access log records of one response (docs/access-log.md).
struct AccessLogEntry {
    var client: String
    var head: HTTPRequestHead
    var status: Int
    /// Body bytes actually written (not the head; fewer than announced when the response was aborted).
    var bodyBytes: Int64
    var durationMicros: UInt64
    var requestID: UInt64
    /// The connection ended before the whole response was written.
    var aborted: Bool
}
