/// The timeout rules of one connection as a value. The connection reports what it is doing and when
/// (seconds on a monotonic clock it reads itself); `isExpired(at:pendingOutput:)` says whether it must be
/// closed. Nothing here reads a clock or a socket, so the rules are tested with plain numbers.
///
/// - A response that is being written must make progress within `write` seconds (a reader that stops
///   reading holds a descriptor, not memory: writes stop when the socket is full).
/// - A request head must arrive whole within `header` seconds of its first byte, however it trickles
///   (slowloris).
/// - A request body must keep up an average of `minBodyBytesPerSecond` once `header` seconds have
///   passed: a deadline that every byte resets would let one byte every few seconds hold a connection
///   (and its buffer) forever.
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
        var minBodyBytesPerSecond: Int64

        init(_ configuration: HTTPServerConfiguration) {
            header = Int64(configuration.headerTimeoutSeconds)
            idle = Int64(configuration.idleTimeoutSeconds)
            write = Int64(configuration.writeTimeoutSeconds)
            linger = Int64(configuration.lingerSeconds)
            minBodyBytesPerSecond = Int64(configuration.minBodyBytesPerSecond)
        }
    }

    enum Stage: Equatable {
        /// Between requests on a keep-alive connection.
        case idle(since: Int64)
        /// A request head is arriving (for a new connection: since it was accepted).
        case head(since: Int64)
        /// A request body is arriving; `received` counts its bytes on the wire.
        case body(since: Int64, received: Int64)
        /// Our side is shut down after a refusal; input is drained until the peer closes.
        case lingering(since: Int64)
        /// Waiting for the application; `body` is the body's progress when a streamed body was paused.
        case application(since: Int64, body: BodyProgress?)
    }

    struct BodyProgress: Equatable {
        var since: Int64
        var received: Int64
    }

    private(set) var stage: Stage
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

    mutating func bodyStarted(at now: Int64) {
        stage = .body(since: now, received: 0)
    }

    mutating func bodyReceived(_ count: Int) {
        if case .body(let since, let received) = stage { stage = .body(since: since, received: received + Int64(count)) }
    }

    /// A request was answered (or its response drained): the connection waits for the next one.
    mutating func becameIdle(at now: Int64) {
        stage = .idle(since: now)
    }

    /// The connection stops reading until the application wakes it (or answers).
    mutating func waitingForApplication(at now: Int64) {
        switch stage {
        case .body(let since, let received): stage = .application(since: now, body: BodyProgress(since: since, received: received))
        case .application: break
        default: stage = .application(since: now, body: nil)
        }
    }

    /// A paused streamed body goes on; its rate is measured as if the pause had not happened.
    mutating func bodyResumed(at now: Int64) {
        guard case .application(let pausedAt, let body?) = stage else { return }
        stage = .body(since: body.since + (now - pausedAt), received: body.received)
    }

    mutating func startedLingering(at now: Int64) {
        stage = .lingering(since: now)
    }

    /// A response started, or its bytes moved.
    mutating func wrote(at now: Int64) {
        lastWriteProgress = now
    }

    func isExpired(at now: Int64, pendingOutput: Bool, limits: Limits) -> Bool {
        if case .lingering(let since) = stage { return now - since >= limits.linger }
        if pendingOutput { return now - lastWriteProgress >= limits.write }
        switch stage {
        case .idle(let since):
            return now - since >= limits.idle
        case .head(let since):
            return now - since >= limits.header
        case .body(let since, let received):
            let rated = now - since - limits.header
            return rated > 0 && received < rated * limits.minBodyBytesPerSecond
        case .lingering, .application:
            return false
        }
    }
}
