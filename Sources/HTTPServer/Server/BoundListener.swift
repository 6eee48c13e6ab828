import Sockets

/// A listening socket and, for an HTTPS listener, the TLS identity its connections present.
struct BoundListener {
    let socket: ListeningSocket
    let tls: TLSServerContext?
    /// Its connections start with a PROXY protocol header.
    let proxyProtocol: Bool
}
