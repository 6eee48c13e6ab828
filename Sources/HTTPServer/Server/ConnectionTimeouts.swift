/// The timeout rules of one connection as a value. The connection reports what it is doing and when
/// (seconds on a monotonic clock it reads itself); `expiry(at:pendingOutput:limits:)` says whether it must be
/// closed. Nothing here reads a clock or a socket, so the rules are tested with plain numbers.
///
/// - A response that is being written must make progress within `write` seconds (a reader that stops
///   reading holds a descriptor, not memory: writes stop when the socket is full).
/// - A request head must arrive whole within `header` seconds of its first byte, however it trickles
///   (slowloris).
/// - A request body must keep its `BodyPace` (`BodyClock`): whole within a deadline, or a minimum rate
///   over a sliding window. A deadline that every byte resets would let one byte every few seconds hold a
///   connection (and its buffer) forever; an average since the start would let an early burst buy hours of
///   silence. A body that falls behind is answered 408 (`Expiry.requestTimeout`).
/// - A keep-alive connection with no request closes after `idle` seconds.
/// - After a refusal the server reads and drops what is still arriving for at most `linger` seconds.
/// - While the application works (a streamed body's consumer is behind, a deferred response is being
///   prepared) no rule applies, and a body's rate clock stops: the wait is the server's, not the client's.
struct ConnectionTimeouts: Equatable {
    struct Limits: Equatable {
        var header: Int64
        var idle: Int64
        var write: Int64
        var linger: Int64
        /// The pace of bodies whose responder names none: the minimum rate over a header-timeout window.
        var defaultBodyPace: BodyPace

        init(_ configuration: HTTPServerConfiguration) {
            header = Int64(configuration.headerTimeoutSeconds)
            idle = Int64(configuration.idleTimeoutSeconds)
            write = Int64(configuration.writeTimeoutSeconds)
            linger = Int64(configuration.lingerSeconds)
            defaultBodyPace = .minimumRate(
                bytesPerSecond: configuration.minBodyBytesPerSecond,
                windowSeconds: max(1, configuration.headerTimeoutSeconds))
        }
    }

    enum Stage: Equatable {
        /// Between requests on a keep-alive connection.
        case idle(since: Int64)
        /// A request head is arriving (for a new connection: since it was accepted).
        case head(since: Int64)
        /// A request body is arriving (its clock is `body`).
        case body
        /// Our side is shut down after a refusal; input is drained until the peer closes.
        case lingering(since: Int64)
        /// Waiting for the application; `body` holds the clock of a streamed body that was paused.
        case application(since: Int64)
    }

    /// What a connection that broke a rule must do.
    enum Expiry: Equatable {
        /// Close at once (a stalled head, an idle or stuck connection, the end of a linger).
        case close
        /// A request body fell behind its pace: answer 408 (RFC 9110 §15.5.9), then close.
        case requestTimeout
    }

    private(set) var stage: Stage
    /// The current request body's clock, apart from `stage` so that the stage stays a plain value (no
    /// reference to copy on every transition of a request without a body) and the clock's buckets are
    /// updated in place.
    private(set) var body: BodyClock?
    /// When the response being written last moved bytes (or started).
    private(set) var lastWriteProgress: Int64

    init(acceptedAt now: Int64) {
        stage = .head(since: now)
        lastWriteProgress = now
    }

    /// Request bytes arrived: between requests they start the next head's clock.
    mutating func bytesArrived(at now: Int64) {
        if case .idle = stage { stage = .head(since: now) }
    }

    mutating func bodyStarted(at now: Int64, pace: BodyPace) {
        stage = .body
        body = BodyClock(pace: pace, startedAt: now)
    }

    mutating func bodyReceived(_ count: Int, at now: Int64) {
        guard case .body = stage else { return }
        body?.received(count, at: now)
    }

    /// A request was answered (or its response drained): the connection waits for the next one.
    mutating func becameIdle(at now: Int64) {
        stage = .idle(since: now)
        if body != nil { body = nil }
    }

    /// The connection stops reading until the application wakes it (or answers).
    mutating func waitingForApplication(at now: Int64) {
        if case .application = stage { return }
        stage = .application(since: now)
    }

    /// A paused streamed body goes on; its pace is measured as if the pause had not happened.
    mutating func bodyResumed(at now: Int64) {
        guard case .application(let pausedAt) = stage, body != nil else { return }
        body?.resume(pausedAt: pausedAt, at: now)
        stage = .body
    }

    mutating func startedLingering(at now: Int64) {
        stage = .lingering(since: now)
        if body != nil { body = nil }
    }

    /// A response started, or its bytes moved.
    mutating func wrote(at now: Int64) {
        lastWriteProgress = now
    }

    /// Whether a rule is broken at `now`, and what the connection must then do.
    func expiry(at now: Int64, pendingOutput: Bool, limits: Limits) -> Expiry? {
        if case .lingering(let since) = stage { return now - since >= limits.linger ? .close : nil }
        if pendingOutput { return now - lastWriteProgress >= limits.write ? .close : nil }
        switch stage {
        case .idle(let since):
            return now - since >= limits.idle ? .close : nil
        case .head(let since):
            return now - since >= limits.header ? .close : nil
        case .body:
            return body?.isTooSlow(at: now) == true ? .requestTimeout : nil
        case .lingering, .application:
            return nil
        }
    }
}
