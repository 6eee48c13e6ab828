/// Why a connection on a listener with `proxyProtocol` was closed before its first request, unanswered
/// (docs/http.md "Client address behind a proxy"; counted by `packserve_proxy_protocol_refusals_total`).
enum ProxyRefusal: Equatable, Sendable {
    /// The peer is not in `trustedProxies`: whatever it sends, its header would let it claim any address
    /// (haproxy's doc/proxy-protocol.txt §5), so nothing is read.
    case untrustedPeer
    /// The first bytes are not a PROXY protocol header, or a broken one; the parser's reason.
    case invalidHeader(String)
    /// The peer closed, or the header timeout passed, before the header was whole.
    case incompleteHeader

    /// The metric's `reason` label.
    var reason: String {
        switch self {
        case .untrustedPeer: "untrusted"
        case .invalidHeader: "invalid"
        case .incompleteHeader: "incomplete"
        }
    }

    /// One line for the log.
    var detail: String {
        switch self {
        case .untrustedPeer: "the peer is not in trustedProxies"
        case .invalidHeader(let why): why
        case .incompleteHeader: "the connection ended or timed out before its PROXY header was whole"
        }
    }
}
