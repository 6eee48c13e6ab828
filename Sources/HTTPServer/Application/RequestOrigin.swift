/// Where a request came from: whether its connection is TLS, and its peer's address. The address is looked
/// up (getpeername) only when asked, so requests that never ask pay nothing; ask inside `respond(to:)` or
/// `bodyHandling(for:origin:)`, while the connection is certainly open.
public struct RequestOrigin: Sendable {
    public struct Peer: Sendable, Equatable {
        /// The numeric address without port, as the access log shows it (`127.0.0.1`, `::1`).
        public var address: String
        public var isLoopback: Bool

        public init(address: String, isLoopback: Bool) {
            self.address = address
            self.isLoopback = isLoopback
        }
    }

    /// The request arrived over TLS.
    public var isSecure: Bool
    private let socket: Int32
    private let fixedPeer: Peer?

    init(socket: Int32, isSecure: Bool) {
        self.socket = socket
        self.isSecure = isSecure
        fixedPeer = nil
    }

    /// A fixed origin, for tests and for requests that did not come over a socket.
    public init(peer: Peer?, isSecure: Bool) {
        socket = -1
        self.isSecure = isSecure
        fixedPeer = peer
    }

    /// The peer, or nil when it cannot be known (the socket is gone, or is not IP).
    public func peer() -> Peer? {
        if let fixedPeer { return fixedPeer }
        guard socket >= 0, let address = SocketAddress.peer(of: socket) else { return nil }
        return Peer(address: address.hostText, isLoopback: address.isLoopback)
    }
}
