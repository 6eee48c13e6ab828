import Sockets

/// Where a request came from: whether its connection is TLS, and its client's address.
///
/// The client is the socket's peer, unless a trusted proxy named another (docs/http.md "Client address
/// behind a proxy"): the PROXY protocol header of a listener with `proxyProtocol`, or the rightmost
/// untrusted address of `X-Forwarded-For` from a peer in `trustedProxies`. The connection resolves that
/// before the request is handed over, so every user of the address (the access log, the admin API's
/// plain-HTTP rule, its throttle) sees the same client. The socket's peer is looked up (getpeername) only
/// when asked, so requests that never ask pay nothing; ask inside `respond(to:)`, while the connection is
/// certainly open.
public struct RequestOrigin: Sendable {
    public struct Peer: Sendable, Equatable {
        /// The address as a value, for what compares or counts clients (nil only when made from text that
        /// is not an address).
        public let ip: IPAddress?
        /// The text the peer was made with; nil when made from a value, whose text is made only when asked
        /// (inet_ntop and a string on every request cost more than a report's whole parse: `perf`).
        private let text: String?
        public var isLoopback: Bool

        /// The numeric address without port, as the access log shows it (`127.0.0.1`, `::1`).
        public var address: String { text ?? ip?.description ?? "-" }

        public init(address: String, isLoopback: Bool) {
            self.init(address: address, ip: IPAddress(address), isLoopback: isLoopback)
        }

        init(address: String, ip: IPAddress?, isLoopback: Bool) {
            text = address
            self.ip = ip
            self.isLoopback = isLoopback
        }

        init(_ address: IPAddress) {
            text = nil
            ip = address
            isLoopback = address.isLoopback
        }

        /// The same client: equal text (`ip` follows from it), however each was made.
        public static func == (left: Peer, right: Peer) -> Bool {
            left.address == right.address && left.isLoopback == right.isLoopback
        }
    }

    /// The request arrived over TLS.
    public var isSecure: Bool
    private let socket: Int32
    private let fixedClient: Peer?

    init(socket: Int32, isSecure: Bool) {
        self.socket = socket
        self.isSecure = isSecure
        fixedClient = nil
    }

    /// A known client: one a trusted proxy named, or (for tests and requests that did not come over a
    /// socket) a fixed one.
    public init(peer: Peer?, isSecure: Bool) {
        socket = -1
        self.isSecure = isSecure
        fixedClient = peer
    }

    /// The client, or nil when it cannot be known (the socket is gone, or is not IP).
    public func client() -> Peer? {
        if let fixedClient { return fixedClient }
        guard socket >= 0, let address = SocketAddress.peer(of: socket) else { return nil }
        return Peer(address: address.hostText, ip: address.ipAddress, isLoopback: address.isLoopback)
    }
}
