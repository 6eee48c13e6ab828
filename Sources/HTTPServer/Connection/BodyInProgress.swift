/// A request whose body is arriving: its reader and its pace, and, once the application has been
/// called with the body's stream, the response it promised.
struct BodyInProgress {
    var head: HTTPRequestHead
    var reader: RequestBodyReader
    var clock: BodyClock
    /// The application's `DeferredResponse` for a streamed body, until completed.
    var promised: DeferredResponse?
    /// When the application was called (the access log's response time).
    var startedAt: UInt64 = 0
}
