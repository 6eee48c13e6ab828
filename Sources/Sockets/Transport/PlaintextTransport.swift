import Glibc

/// TCP without TLS: recv, sendmsg and zero-copy sendfile(2) on a non-blocking socket.
package struct PlaintextTransport: Transport {
    package let socket: Int32

    package var shortReadMeansEmpty: Bool { true }

    package func handshake() -> HandshakeProgress { .done }

    package func willClose() {}

    package func receive(into buffer: UnsafeMutableRawBufferPointer) -> IOResult {
        let n = recv(socket, buffer.baseAddress, buffer.count, 0)
        if n > 0 { return .bytes(n) }
        if n == 0 { return .endOfStream }
        return Self.failure(errno)
    }

    package func send(_ buffers: UnsafeBufferPointer<iovec>, more: Bool) -> IOResult {
        var message = msghdr()
        message.msg_iov = UnsafeMutablePointer(mutating: buffers.baseAddress)
        message.msg_iovlen = buffers.count
        // MSG_NOSIGNAL: a peer that went away must give EPIPE, not kill the process with SIGPIPE.
        let flags = Int32(MSG_NOSIGNAL) | (more ? Int32(MSG_MORE) : 0)
        let n = sendmsg(socket, &message, flags)
        if n >= 0 { return .bytes(n) }
        return Self.failure(errno)
    }

    package init(socket: Int32) {
        self.socket = socket
    }

    package func sendFile(_ file: Int32, offset: inout Int64, count: Int64) -> IOResult {
        var position = off_t(offset)
        // Linux sends at most 0x7ffff000 bytes per call; the writer loops for the rest.
        let n = sendfile(socket, file, &position, Int(min(count, 0x7fff_f000)))
        if n > 0 {
            offset = Int64(position)
            return .bytes(n)
        }
        // 0 with bytes still owed means the file shrank under us: never send fewer bytes than announced.
        if n == 0 { return .endOfStream }
        return Self.failure(errno)
    }

    package func finishSending() {
        shutdown(socket, Int32(SHUT_WR))
    }

    private static func failure(_ code: Int32) -> IOResult {
        code == EAGAIN || code == EWOULDBLOCK || code == EINTR ? .wouldBlock : .failed(errno: code)
    }
}
