import HTTP1

/// Where a connection is in its life. Each state carries the clock its timeout is judged by
/// (`ConnectionLimits`), so there is no second state machine of timeouts to keep in step: entering a state
/// starts its clock. The body states are boxed (`indirect`), so that the state, copied and switched over
/// on every event, stays a few words.
enum ConnectionState {
    /// A listener with `proxyProtocol`: the PROXY header comes first, before the handshake. Header timeout,
    /// counted from accept.
    case awaitingProxyHeader(since: Int64)
    /// The transport's opening handshake (TLS); plaintext passes through at the first event. Header
    /// timeout, counted from accept.
    case handshaking(since: Int64)
    /// Between requests on a keep-alive connection, nothing buffered. Idle timeout.
    case idle(since: Int64)
    /// A request head is arriving (for a new connection: since it was accepted). Header timeout.
    case readingHead(since: Int64)
    /// The application has a request whose body it has not read yet (`RequestBody`): nothing of the body
    /// is read until it asks, and if it answers first the body never travels. `owesContinue`: 100 Continue
    /// goes out on the first read (RFC 9110 §10.1.1). No timeout: the application's time.
    case bodyUnread(RequestInProgress, BodyFraming, owesContinue: Bool)
    /// A request body is arriving at the client's pace (`BodyClock`): 408 when it falls behind.
    indirect case readingBody(BodyInProgress)
    /// A streamed body's consumer is behind: body bytes wait in the socket and the body's clock stands
    /// still. `owesContinue`: 100 Continue goes out when the consumer asks.
    indirect case awaitingConsumer(BodyInProgress, pausedAt: Int64, owesContinue: Bool)
    /// The application has the request and no body is arriving: its answer (now, or later for a
    /// `DeferredResponse`) is awaited; requests pipelined behind it stay unread. No timeout.
    case awaitingResponse(RequestInProgress)
    /// Bytes are owed to the peer; nothing is read until they are out. Write timeout, counted from the
    /// last progress.
    case writing(lastProgress: Int64, then: AfterWrite)
    /// The final response is out and our side is shut down, but the client may still be sending a body we
    /// refused to read. Closing now would answer those bytes with a reset, which can destroy the response
    /// before the client reads it; so input is read and dropped until the peer closes or the linger time
    /// ends (what nginx calls a lingering close).
    case lingering(since: Int64)
    case closed

    /// What follows once the owed bytes are written.
    enum AfterWrite {
        /// Keep-alive: the next request (RFC 9112 §9.3).
        case nextRequest
        /// `Connection: close` was sent: close (RFC 9112 §9.6).
        case close
        /// A request's body was left unread: close lingering.
        case linger
        /// 100 Continue is out: the body it invited goes on.
        indirect case body(BodyInProgress)
    }
}
