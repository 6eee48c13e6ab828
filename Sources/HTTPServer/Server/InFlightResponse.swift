/// The response a connection is writing, kept for the access-log line and the traffic counters written
/// when it ends (complete, or aborted when the connection closes under it).
struct InFlightResponse {
    var request: RequestInProgress
    var status: Int
    var route: RouteLabel
    var startedAt: UInt64
    /// The connection's `bytesWritten` when the response's body begins (after its head).
    var bodyStart: Int64
    /// `HTTPResponse.onComplete`, when the body is sent.
    var onComplete: (@Sendable () -> Void)?
}
