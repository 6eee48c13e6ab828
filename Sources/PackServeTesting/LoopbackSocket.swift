import Glibc

/// A blocking TCP connection to 127.0.0.1 that sends exactly what a test writes: partial requests,
/// announced-but-unsent bodies, half-closes, a Host of the test's choice. For the tests that need more
/// control than `LoopbackClient`, curl or Python's http.client give.
public final class LoopbackSocket {
    public let descriptor: Int32
    private var isClosed = false

    public init(port: Int, receiveTimeoutSeconds: Int = 5) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw LoopbackClientError("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let message = String(cString: strerror(errno))
            close()
            throw LoopbackClientError("connect to port \(port): \(message)")
        }
        var timeout = timeval(tv_sec: receiveTimeoutSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close() }

    public func send(_ text: String) throws { try send(Array(text.utf8)) }

    public func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw LoopbackClientError("send: \(String(cString: strerror(errno)))") }
            sent += n
        }
    }

    /// Sends our FIN; the server may still answer.
    public func shutdownWrite() { shutdown(descriptor, Int32(SHUT_WR)) }

    /// Everything the server sends until it ends the connection; `ended` is false when the receive
    /// timeout passed first (the server kept the connection open).
    public func readUntilEnd() -> (bytes: [UInt8], ended: Bool) {
        var bytes: [UInt8] = []
        let ended = receive(into: &bytes) { _ in false }
        return (bytes, ended)
    }

    /// What the server sends until `marker` has arrived (true), or the receive timeout passes (false).
    public func read(until marker: String) -> (text: String, found: Bool) {
        var bytes: [UInt8] = []
        _ = receive(into: &bytes) { String(decoding: $0, as: UTF8.self).contains(marker) }
        let text = String(decoding: bytes, as: UTF8.self)
        return (text, text.contains(marker))
    }

    /// Appends what arrives to `bytes` until `done(bytes)`, the end of stream (true) or the receive
    /// timeout (false).
    private func receive(into bytes: inout [UInt8], until done: ([UInt8]) -> Bool) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while !done(bytes) {
            let n = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if n > 0 {
                bytes += chunk[0..<n]
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                return n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)
            }
        }
        return false
    }

    public func close() {
        guard !isClosed else { return }
        isClosed = true
        Glibc.close(descriptor)
    }
}
