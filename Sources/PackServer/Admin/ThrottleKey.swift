import Glibc

/// Whom the admin throttle counts a failure against (docs/api.md "Admin API"): an IPv4 client by its
/// address, an IPv6 client by its /64 — one subscriber's network, the unit a host is given (RFC 6177) — so
/// hopping across a prefix's 2^64 addresses buys no fresh budgets. An IPv4-mapped IPv6 address counts as its
/// IPv4 address. Made from the client address as text, so the address a trusted proxy names can be
/// counted exactly like a socket's peer.
struct ThrottleKey: Hashable, Sendable {
    /// IPv4: the 4 address bytes; IPv6: the first 8 bytes; anything else: its text's bytes.
    private let bytes: [UInt8]
    private let family: Int32

    init(address: String) {
        var v6 = in6_addr()
        if inet_pton(AF_INET6, address, &v6) == 1 {
            let all = withUnsafeBytes(of: &v6) { Array($0) }
            // ::ffff:a.b.c.d (RFC 4291 §2.5.5.2)
            if all[0..<10].allSatisfy({ $0 == 0 }) && all[10] == 0xff && all[11] == 0xff {
                (bytes, family) = (Array(all[12..<16]), AF_INET)
            } else {
                (bytes, family) = (Array(all[0..<8]), AF_INET6)
            }
            return
        }
        var v4 = in_addr()
        if inet_pton(AF_INET, address, &v4) == 1 {
            (bytes, family) = (withUnsafeBytes(of: &v4) { Array($0) }, AF_INET)
            return
        }
        (bytes, family) = (Array(address.utf8), AF_UNSPEC)
    }
}
