/// Where the HTTPS listener binds and the identity it presents.
public struct TLSListener: Sendable {
    /// Host name or address to bind; every address it resolves to is bound.
    public var host: String
    /// TCP port; 0 picks an ephemeral port (see `HTTPServer.tlsPort`).
    public var port: Int
    public var context: TLSServerContext
    /// Connections start with a PROXY protocol header, before the TLS handshake (as HAProxy's
    /// `send-proxy-v2` sends it), from a proxy in `HTTPServerConfiguration.trustedProxies`.
    public var proxyProtocol = false

    public init(host: String, port: Int, context: TLSServerContext) {
        self.host = host
        self.port = port
        self.context = context
    }
}
