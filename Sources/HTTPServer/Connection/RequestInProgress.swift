import HTTP1

/// One request from its complete head to its answer: the head, and the response the application promised
/// (`DeferredResponse`) once it returned one. A reference, so that the machine's states and actions stay a
/// few words: carried by value through every event, a head (some dozen fields) was copied several times
/// per request, which `scripts/bench-hotpath` counted at about 5,600 instructions (15 %) per request.
final class RequestInProgress {
    let head: HTTPRequestHead
    /// The request's content, handed to the application unread; nil when the head announces none.
    let body: RequestBody?
    /// The application's `DeferredResponse`, until it is completed.
    var promised: DeferredResponse?
    /// When the application was called (the access log's response time); 0 until then.
    var startedAt: UInt64 = 0

    init(head: HTTPRequestHead, body: RequestBody? = nil) {
        self.head = head
        self.body = body
    }
}
