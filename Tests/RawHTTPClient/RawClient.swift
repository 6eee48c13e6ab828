import Glibc

/// A blocking TCP client for talking to a server byte by byte: it sends exactly what a test writes
/// (malformed requests, pipelines, trickles, announced-but-unsent bodies, half-closes, a Host of the test's
/// choice) and reads exactly what the server sends, with a receive timeout so that a server that never
/// answers fails the test instead of hanging it. The HTTP core's tests and the application's share it.
///
/// Used by one thread at a time; a test may hand it to another thread (see `NewThread`), never share it.
public final class RawClient: @unchecked Sendable {
    public let descriptor: Int32
    /// Received bytes not yet handed to the test.
    private var buffer: [UInt8] = []
    private var isClosed = false

    /// Connects to 127.0.0.1:`port`. Throws `.socketCall("connect", …)` if refused.
    public init(port: Int, receiveTimeoutSeconds: Double = 5) throws(RawClientError) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .socketCall("socket", errno: errno) }
        descriptor = fd
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            Glibc.close(fd)
            isClosed = true
            throw .socketCall("connect", errno: code)
        }
        setReceiveTimeout(seconds: receiveTimeoutSeconds)
    }

    deinit {
        close()
    }

    public func setReceiveTimeout(seconds: Double) {
        var timeout = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Shrinks the kernel receive buffer so the server's writes block early (a slow reader).
    public func setReceiveBufferSize(_ bytes: Int32) {
        var size = bytes
        setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }

    public func close() {
        guard !isClosed else { return }
        isClosed = true
        Glibc.close(descriptor)
    }

    // MARK: Sending

    /// Sends our FIN; the server may still answer.
    public func shutdownWrite() { shutdown(descriptor, Int32(SHUT_WR)) }

    public func send(_ text: String) throws(RawClientError) {
        try send(Array(text.utf8))
    }

    /// Writes all of `bytes` (one send call unless the kernel takes less).
    public func send(_ bytes: [UInt8]) throws(RawClientError) {
        var sent = 0
        while sent < bytes.count {
            // MSG_NOSIGNAL: writing to a connection the server closed must fail, not kill the test runner.
            let n = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw .socketCall("send", errno: errno) }
            sent += n
        }
    }

    // MARK: Receiving

    private enum Fill {
        case bytes
        case end(ConnectionEnd)
    }

    /// One recv into `buffer`.
    private func fill() -> Fill {
        var chunk = [UInt8](repeating: 0, count: 256 * 1024)
        let n = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if n > 0 {
            buffer.append(contentsOf: chunk[0..<n])
            return .bytes
        }
        if n == 0 { return .end(.closed) }
        switch errno {
        case EAGAIN, EWOULDBLOCK: return .end(.timedOut)
        case EINTR: return .bytes
        default: return .end(.reset)
        }
    }

    /// Exactly `count` bytes; throws if the connection ends or goes quiet first.
    public func read(count: Int) throws(RawClientError) -> [UInt8] {
        while buffer.count < count {
            if case .end(let end) = fill() {
                if end == .timedOut { throw .timedOut(waitingFor: "\(count) bytes (have \(buffer.count))") }
                throw .closedEarly(expected: count, received: buffer.count)
            }
        }
        let bytes = Array(buffer[0..<count])
        buffer.removeFirst(count)
        return bytes
    }

    /// What the server sends until `marker` has arrived (`found`), or the connection ends or goes quiet
    /// first; the bytes are consumed either way.
    public func read(until marker: String) -> (text: String, found: Bool) {
        while !String(decoding: buffer, as: UTF8.self).contains(marker) {
            if case .end = fill() { break }
        }
        let text = String(decoding: buffer, as: UTF8.self)
        buffer = []
        return (text, text.contains(marker))
    }

    /// Everything until the server closes the connection (or the receive timeout passes), and how it ended.
    public func readUntilEnd() -> (bytes: [UInt8], end: ConnectionEnd) {
        while true {
            if case .end(let end) = fill() {
                let bytes = buffer
                buffer = []
                return (bytes, end)
            }
        }
    }

    /// Discards bytes until the connection ends; returns how many were discarded and how it ended.
    /// For large bodies whose content does not matter.
    public func drainUntilEnd() -> (count: Int, end: ConnectionEnd) {
        var count = buffer.count
        buffer = []
        while true {
            if case .end(let end) = fill() { return (count, end) }
            count += buffer.count
            buffer = []
        }
    }

    /// Reads one response: head, then `Content-Length` body bytes unless `bodyExpected` is false (the
    /// answer to HEAD, or a 304).
    public func readResponse(bodyExpected: Bool = true) throws(RawClientError) -> RawResponse {
        let headEnd = try readUntilHeadEnd()
        var response = try RawResponse(head: Array(buffer[0..<headEnd]))
        buffer.removeFirst(headEnd + 4)
        if bodyExpected, let length = response.contentLength {
            response.body = try read(count: length)
        }
        return response
    }

    /// The index of the CRLFCRLF ending the head in `buffer`, reading more as needed.
    private func readUntilHeadEnd() throws(RawClientError) -> Int {
        var searchFrom = 0
        while true {
            if buffer.count >= 4 {
                for i in searchFrom...(buffer.count - 4)
                where buffer[i] == 0x0D && buffer[i + 1] == 0x0A && buffer[i + 2] == 0x0D && buffer[i + 3] == 0x0A {
                    return i
                }
                searchFrom = buffer.count - 3
            }
            if case .end(let end) = fill() {
                if end == .timedOut { throw .timedOut(waitingFor: "a response head (have \(buffer.count) bytes)") }
                throw .closedEarly(expected: buffer.count + 1, received: buffer.count)
            }
        }
    }

    /// Sends one request and reads its response.
    public func roundTrip(_ request: String, bodyExpected: Bool = true) throws(RawClientError) -> RawResponse {
        try send(request)
        return try readResponse(bodyExpected: bodyExpected)
    }
}
