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
        /// The numeric address without port, as the access log shows it (`127.0.0.1`, `::1`).
        public var address: String
        public var isLoopback: Bool

        public init(address: String, isLoopback: Bool) {
            self.address = address
            self.isLoopback = isLoopback
        }

        init(_ address: IPAddress) {
            self.init(address: address.description, isLoopback: address.isLoopback)
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
        return Peer(address: address.hostText, isLoopback: address.isLoopback)
    }
}
