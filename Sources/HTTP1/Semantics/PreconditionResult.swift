/// The outcome of evaluating a request's preconditions (RFC 9110 §13.2.2).
public enum PreconditionResult: Sendable, Equatable {
    /// Perform the method. `honorRange` is true only for a GET that carries `Range` whose `If-Range`
    /// (if any) holds; otherwise any Range field is ignored and the full representation is sent.
    case proceed(honorRange: Bool)
    /// 304 Not Modified (GET/HEAD whose If-None-Match or If-Modified-Since says the client is current).
    case notModified
    /// 412 Precondition Failed.
    case preconditionFailed
}
