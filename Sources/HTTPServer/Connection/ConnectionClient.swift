import HTTP1
import ProxyProtocol
import Sockets

/// Who the client of a connection is: the socket's peer, the client a PROXY header named, or, behind a
/// trusted proxy, the one each request's `X-Forwarded-For` names (docs/http.md "Client address behind a
/// proxy"). Addresses are looked up once per connection, and only when asked for.
struct ConnectionClient {
    private let socket: Int32
    private let trustedProxies: [IPNetwork]
    /// What requests learn of their connection (`HTTPRequest.origin`).
    private var connectionOrigin: RequestOrigin
    /// The socket's peer is a proxy whose `X-Forwarded-For` may name each request's client: trusted
    /// proxies are configured and this listener reads no PROXY header. False by default, so requests on
    /// plain listeners pay one test of this flag.
    private let readsForwardedFor: Bool

    init(socket: Int32, isSecure: Bool, trustedProxies: [IPNetwork], readsProxyHeader: Bool) {
        self.socket = socket
        self.trustedProxies = trustedProxies
        connectionOrigin = RequestOrigin(socket: socket, isSecure: isSecure)
        readsForwardedFor = !readsProxyHeader && !trustedProxies.isEmpty
    }

    /// The socket's peer as an address, looked up once, where a trusted proxy may name another client.
    private(set) lazy var peerAddress: IPAddress? = SocketAddress.peer(of: socket)?.ipAddress

    /// The client's address for the access log: the peer's, or the one a PROXY header named.
    private lazy var address: String = SocketAddress.peer(of: socket)?.hostText ?? "-"

    /// Whether a PROXY header from the peer is believed (haproxy's doc/proxy-protocol.txt §5: anyone else
    /// could claim any address).
    mutating func peerIsTrustedProxy() -> Bool {
        guard let peer = peerAddress else { return false }
        return trustedProxies.containsAddress(peer)
    }

    /// A PROXY header named the client. LOCAL and UNKNOWN (a health check, an unknown family) keep the
    /// socket's peer. Its address is taken now, for the access log: a health checker may be gone (and
    /// getpeername fail) by the time its response is logged.
    mutating func proxyHeaderReceived(_ header: ProxyHeader) {
        guard let peer = peerAddress else { return }
        let client = if case .address(let client, _) = header.source { client } else { peer }
        connectionOrigin = RequestOrigin(peer: RequestOrigin.Peer(client), isSecure: connectionOrigin.isSecure)
        address = client.description
    }

    /// What the application learns of `head`'s origin.
    @inline(__always)
    mutating func origin(for head: HTTPRequestHead) -> RequestOrigin {
        readsForwardedFor ? forwardedOrigin(for: head) : connectionOrigin
    }

    /// The access log's client for `head`.
    mutating func logAddress(for head: HTTPRequestHead) -> String {
        readsForwardedFor ? forwardedOrigin(for: head).client()?.address ?? "-" : address
    }

    /// The client is the rightmost address of `X-Forwarded-For` that no trusted proxy wrote
    /// (`ForwardedFor`); the peer itself when it is not trusted or the field is absent.
    private mutating func forwardedOrigin(for head: HTTPRequestHead) -> RequestOrigin {
        guard let peer = peerAddress else { return connectionOrigin }
        let client = head.headers.combinedValue("x-forwarded-for").map {
            ForwardedFor.client(field: $0, peer: peer, trustedProxies: trustedProxies)
        } ?? peer
        return RequestOrigin(peer: RequestOrigin.Peer(client), isSecure: connectionOrigin.isSecure)
    }
}
