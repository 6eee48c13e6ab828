import Glibc

/// Two ends of one TCP connection over 127.0.0.1: `client` (blocking) and `server` (non-blocking, as the
/// event loop's accepted sockets are), for driving a `Connection` whose socket must be real (the PROXY
/// header is peeked at on the socket itself) through a `ManualHost`.
final class LoopbackPair {
    let client: Int32
    let server: Int32

    init() {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                precondition(bind(listener, $0, length) == 0 && listen(listener, 1) == 0)
                precondition(getsockname(listener, $0, &length) == 0)
            }
        }
        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { precondition(connect(client, $0, length) == 0) }
        }
        self.client = client
        server = accept(listener, nil, nil)
        precondition(server >= 0 && fcntl(server, F_SETFL, fcntl(server, F_GETFL) | O_NONBLOCK) == 0)
        close(listener)
    }

    deinit {
        close(client)
        close(server)
    }

    func send(_ bytes: [UInt8]) {
        precondition(Glibc.send(client, bytes, bytes.count, 0) == bytes.count)
    }
}
