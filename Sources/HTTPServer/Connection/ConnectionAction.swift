import HTTP1

/// What the I/O shell (`Connection`) must do next for a connection. One action per event; the shell
/// carries it out and reports the outcome as the next event, until `.wait`.
enum ConnectionAction {
    /// Nothing until the next event.
    case wait
    /// Read from the transport; report `.received`, `.readWouldBlock`, `.endOfStream` or `.readFailed`.
    case read
    /// Look for the PROXY header on the socket; report `.proxyHeader`.
    case readProxyHeader
    /// Advance the transport's handshake; report `.handshake`.
    case handshake
    /// Write what is owed; report `.wrote`.
    case flush
    /// Call the application with the request and its unread body, if any; report `.answered` or
    /// `.deferred`. The body's reads come back as `.consumerAsked`.
    case callApplication(RequestInProgress)
    /// Queue a response to `request` and write; report `.wrote`. Its time counts from `request.startedAt`,
    /// or from now if the application was not called.
    case send(HTTPResponse, to: RequestInProgress, keepAlive: Bool)
    /// Queue `100 Continue` and write; report `.wrote`.
    case sendContinue
    /// Queue a refusal (400, 408, 413, 431, 501, 505) with `Connection: close` and write; report `.wrote`.
    case refuse(HTTPProblem)
    /// Count the refused PROXY connection and close it at once, unanswered.
    case refuseProxy(ProxyRefusal)
    /// Count the failed handshake and close at once.
    case handshakeFailed
    /// Shut our sending side down (TLS close_notify first), then read and drop; report as for `.read`.
    case startLingering
    /// The write stopped at this turn's share: come back after the loop served the others (`.writable`).
    case yield
    /// Close now; `orderly` lets TLS send close_notify first.
    case close(orderly: Bool)
}
