/// How fast a request body must arrive once the server reads it (docs/http.md "Request bodies"). The clock
/// runs only while the server wants bytes: time the application spends before asking, or while its
/// consumer is behind, is the server's wait and never the client's.
public enum BodyPace: Sendable, Equatable {
    /// The whole body within this many seconds (small bodies such as JSON documents).
    case within(seconds: Int)
    /// At least `bytesPerSecond` in every window of `windowSeconds` (judged once a window has passed, then
    /// every second). A sliding window, not an average since the start: a burst buys no credit for silence
    /// later, so a client that sends 128 KiB and stops cannot hold the connection for hours.
    case minimumRate(bytesPerSecond: Int, windowSeconds: Int)
}
