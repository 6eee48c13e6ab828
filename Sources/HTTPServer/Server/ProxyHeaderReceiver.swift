import Glibc
import ProxyProtocol

/// Takes a PROXY protocol header off a socket, and not one byte more (docs/http.md "Client address behind a
/// proxy"). The bytes after it belong to the TLS handshake, which OpenSSL reads from the socket itself, or
/// to the first request; so the header is looked at with MSG_PEEK, parsed, and only its own length is then
/// read. The I/O edge around the pure `ProxyProtocolParser`.
enum ProxyHeaderReceiver {
    enum Outcome: Equatable {
        /// A header may still arrive: wait for the next readiness event.
        case waiting
        case received(ProxyHeader)
        case refused(ProxyRefusal)
    }

    /// `peerClosed`: the peer has shut down its side, so bytes still missing will never come.
    static func receive(from socket: Int32, into buffer: UnsafeMutableRawBufferPointer, peerClosed: Bool) -> Outcome {
        let capacity = min(buffer.count, ProxyProtocolParser.maxHeaderBytes)
        let peeked = recv(socket, buffer.baseAddress, capacity, Int32(MSG_PEEK))
        if peeked == 0 { return .refused(.incompleteHeader) }
        if peeked < 0 {
            return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? .waiting : .refused(.incompleteHeader)
        }
        switch ProxyProtocolParser.parse(UnsafeRawBufferPointer(rebasing: buffer[0..<peeked])) {
        case .needMoreBytes:
            return peerClosed ? .refused(.incompleteHeader) : .waiting
        case .invalid(let why):
            return .refused(.invalidHeader(why))
        case .parsed(let header):
            // The peeked bytes are queued on the socket, so one read takes exactly the header.
            let taken = recv(socket, buffer.baseAddress, header.length, 0)
            return taken == header.length ? .received(header) : .refused(.incompleteHeader)
        }
    }
}
