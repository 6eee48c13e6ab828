/// How access-log lines are written.
public enum AccessLogFormat: String, Sendable, CaseIterable {
    /// nginx's `combined` line (what GoAccess and most log tools read), followed by `key="value"` fields
    /// for what combined lacks: Host, Range, duration, request id, and `aborted` when the client left
    /// before the response was complete.
    case combined
    /// One JSON object per line.
    case json
}
