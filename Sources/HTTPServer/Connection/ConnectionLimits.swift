/// The numbers a connection's state machine is judged by, taken once from the configuration: the
/// timeouts of its states and the sizes it refuses beyond.
///
/// - A response that is being written must make progress within `write` seconds (a reader that stops
///   reading holds a descriptor, not memory: writes stop when the socket is full).
/// - A request head must arrive whole within `header` seconds of its first byte, however it trickles
///   (slowloris); for a new connection the PROXY header and the TLS handshake count against it too.
/// - A request body must keep its `BodyPace` (`BodyClock`): whole within a deadline, or a minimum rate
///   over a sliding window. A body that falls behind is answered 408 (RFC 9110 §15.5.9).
/// - A keep-alive connection with no request closes after `idle` seconds.
/// - After a refusal the server reads and drops what is still arriving for at most `linger` seconds.
/// - While the application works (a streamed body's consumer is behind, a response is being prepared) no
///   rule applies, and a body's rate clock stops: the wait is the server's, not the client's.
struct ConnectionLimits: Equatable {
    var header: Int64
    var idle: Int64
    var write: Int64
    var linger: Int64
    /// The pace of bodies whose responder names none: the minimum rate over a header-timeout window.
    var defaultBodyPace: BodyPace
    /// A request head larger than this is refused with 431.
    var maxHeaderBytes: Int
    /// How far a body is read ahead of its stream's consumer (`RequestBody`).
    var bodyBufferBytes: Int

    init(_ configuration: HTTPServerConfiguration) {
        header = Int64(configuration.headerTimeoutSeconds)
        idle = Int64(configuration.idleTimeoutSeconds)
        write = Int64(configuration.writeTimeoutSeconds)
        linger = Int64(configuration.lingerSeconds)
        defaultBodyPace = .minimumRate(
            bytesPerSecond: configuration.minBodyBytesPerSecond,
            windowSeconds: max(1, configuration.headerTimeoutSeconds))
        maxHeaderBytes = configuration.maxHeaderBytes
        bodyBufferBytes = configuration.streamedBodyBufferBytes
    }
}
