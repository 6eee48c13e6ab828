/// What `ProxyProtocolParser.parse` makes of the first bytes of a connection.
public enum ProxyHeaderParseResult: Equatable, Sendable {
    /// A valid header may still follow: wait for more bytes (what was given is a prefix of one).
    case needMoreBytes
    case parsed(ProxyHeader)
    /// Not a PROXY protocol header, or a broken one; one line saying why. The connection must be dropped
    /// (§2.1: "Any sequence which does not exactly match the protocol must be discarded").
    case invalid(String)
}
