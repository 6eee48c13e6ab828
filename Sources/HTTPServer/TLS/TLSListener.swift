/// Where the HTTPS listener binds and the identity it presents.
public struct TLSListener: Sendable {
    /// Host name or address to bind; every address it resolves to is bound.
    public var host: String
    /// TCP port; 0 picks an ephemeral port (see `HTTPServer.tlsPort`).
    public var port: Int
    public var context: TLSServerContext

    public init(host: String, port: Int, context: TLSServerContext) {
        self.host = host
        self.port = port
        self.context = context
    }
}
