import Sockets

/// What the server needs to know to listen and to protect itself. Values come from the application's
/// configuration; the defaults are the ones in the shipped config.json (docs/api.md "Configuration").
public struct HTTPServerConfiguration: Sendable {
    /// Host name or address to bind (`0.0.0.0`, `::`, `localhost`, …); every address it resolves to is bound.
    public var host: String
    /// TCP port; 0 picks an ephemeral port (see `HTTPServer.localPort`).
    public var port: Int
    /// Whether the plaintext listener (`host`, `port`) is bound; false serves HTTPS only.
    public var plaintextEnabled = true
    /// The plaintext listener's connections start with a PROXY protocol header (haproxy's
    /// doc/proxy-protocol.txt), sent by a proxy in `trustedProxies`; any other connection is refused.
    public var plaintextProxyProtocol = false
    /// An HTTPS listener beside the plaintext one, if any.
    public var tls: TLSListener?
    /// The proxies whose word on the client's address is believed (docs/http.md "Client address behind a
    /// proxy"): their PROXY headers on a listener with `proxyProtocol`, their `X-Forwarded-For` on the
    /// others. Empty (the default): every client is its socket's peer, and no request pays for the check.
    public var trustedProxies: [IPNetwork] = []
    /// Connections beyond this are not accepted (they wait in the kernel's backlog) until one closes.
    public var maxConnections: Int = 10_000
    /// A request head larger than this is refused with 431 (RFC 6585 §5).
    public var maxHeaderBytes: Int = 16_384
    /// A streamed request body (`RequestBody.stream(maxBytes:pace:)`) is read ahead of its consumer by at most about
    /// this many bytes; then the connection stops reading until the consumer catches up.
    public var streamedBodyBufferBytes: Int = 1 << 20
    /// A request head must arrive completely within this many seconds of its first byte (slowloris defence).
    public var headerTimeoutSeconds: Int = 10
    /// A request body must average at least this many bytes per second once `headerTimeoutSeconds` have
    /// passed since it started, or the connection is closed.
    public var minBodyBytesPerSecond: Int = 1024
    /// After refusing a request whose body it did not read, the server shuts its side down and drops
    /// incoming bytes for up to this long, so the refusal reaches the client instead of a reset.
    public var lingerSeconds: Int = 2
    /// A keep-alive connection with no request in progress is closed after this many seconds.
    public var idleTimeoutSeconds: Int = 60
    /// A response whose bytes make no progress for this many seconds is abandoned and the connection closed.
    public var writeTimeoutSeconds: Int = 60
    /// A connection writes at most this many bytes per turn of its event loop (sendfile, SSL_write,
    /// sendmsg), then yields to the loop's other connections and continues on the next turn
    /// (docs/performance/2026-11-26-fair-writes.md). Internal: a knob for measuring, not for operators.
    var writeSliceBytes: Int = 1 << 20
    /// On shutdown, in-flight responses get this long to finish before their connections are closed.
    public var drainTimeoutSeconds: Int = 10
    /// Number of serial event loops connections are spread over; one per core by default.
    public var eventLoopCount: Int = max(1, System.coreCount)
    /// The loops' threads are named `{loopThreadName}-{index}` for top -H, perf and /proc, so two servers in
    /// one process can be told apart. Linux keeps 15 bytes of a thread's name and refuses longer ones.
    public var loopThreadName = "http-loop"
    /// Where access-log lines go (one per response, aborted ones included), or nil for none.
    public var accessLog: AccessLogWriter?
    /// Where the event loops count responses, bytes, connections and TLS handshakes, or nil for nowhere.
    public var traffic: TrafficMetrics?
    /// Value of the `Server` response header, or nil for none.
    public var serverName: String? = "PackServe"

    public init(host: String = "0.0.0.0", port: Int = 8080) {
        self.host = host
        self.port = port
    }
}
