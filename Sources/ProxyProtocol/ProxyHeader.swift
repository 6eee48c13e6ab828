import Sockets

/// A PROXY protocol header as received (HAProxy's doc/proxy-protocol.txt, versions 1 and 2): how many
/// bytes it took, and whom the proxy connected on behalf of.
public struct ProxyHeader: Equatable, Sendable {
    /// Whom the proxied connection came from.
    public enum Source: Equatable, Sendable {
        /// The client's address and port (v1 `TCP4`/`TCP6`; v2 `PROXY` over TCP on IPv4 or IPv6).
        case address(IPAddress, port: Int)
        /// Nothing usable: the proxy's own connection (v2 `LOCAL`, a health check), v1 `UNKNOWN`, or a
        /// family or protocol other than TCP over IP (§2.1, §2.2: the receiver then uses the connection's
        /// own endpoints).
        case unspecified
    }

    /// 1 (text) or 2 (binary).
    public var version: Int
    /// The header's bytes, CRLF or TLVs included: what the connection skips before its own protocol.
    public var length: Int
    public var source: Source

    public init(version: Int, length: Int, source: Source) {
        self.version = version
        self.length = length
        self.source = source
    }
}
