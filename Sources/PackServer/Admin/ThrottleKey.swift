import HTTPServer
import Sockets

/// Whom the admin throttle counts a failure against (docs/api.md "Admin API"): an IPv4 client by its
/// address, an IPv6 client by its /64 — one subscriber's network, the unit a host is given (RFC 6177) — so
/// hopping across a prefix's 2^64 addresses buys no fresh budgets. An IPv4-mapped IPv6 address counts as its
/// IPv4 address (`IPAddress` holds both alike). Made from the request's client address as text, so the
/// client a trusted proxy names is counted exactly like a socket's peer.
struct ThrottleKey: Hashable, Sendable {
    private enum Key: Hashable {
        case address(IPAddress)
        /// Not an address (the `-` of an unknown client): counted by its text.
        case text(String)
    }

    private let key: Key

    init(address: String) {
        guard let parsed = IPAddress(address) else {
            key = .text(address)
            return
        }
        // IPv6: the first 64 bits (the network), the interface identifier cleared.
        key = .address(parsed.isIPv4 ? parsed : IPNetwork(address: parsed, prefixLength: 64).address)
    }
}
