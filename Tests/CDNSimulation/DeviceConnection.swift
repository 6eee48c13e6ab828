import Foundation
import Glibc

/// One device-side HTTP/1.1 keep-alive connection to 127.0.0.1:`port` (a cache or an origin), blocking, for
/// one thread at a time: what a phone's download daemon keeps open to its CDN edge. It reads bodies into one
/// reusable buffer and hands them on piece by piece, so a device can hash a 64 MiB pack without holding it,
/// and it can drop the connection in the middle of a body, as a network that goes away does.
///
/// Not the server's `HTTPClient` (blocking as well, but it reads whole bodies and is the product's own code
/// under test): a device's side must stay independent of what it checks. Requests on a connection the peer
/// closed while idle are retried on a new one (what any keep-alive client does); each such retry is counted.
///
/// Used by one thread at a time; it may be handed to another thread (a test's `OnThread`), never shared.
package final class DeviceConnection: @unchecked Sendable {
    package let port: Int
    package let tally: DeviceTally
    /// Shared by a fleet's download connections: at most its count of bodies are read at once (`FleetOptions`).
    private let readers: DispatchSemaphore?
    private let receiveTimeoutSeconds: Int
    private var descriptor: Int32 = -1
    /// Received bytes: `buffer[start..<end]` not yet consumed.
    private let buffer: UnsafeMutableRawBufferPointer
    private var start = 0
    private var end = 0

    /// `tally` counts the connections opened and the requests retried on a new one; `readers`, if given, is
    /// waited on before a body is read and signalled after.
    package init(
        port: Int, tally: DeviceTally, readers: DispatchSemaphore? = nil, receiveTimeoutSeconds: Int = 60,
        bufferBytes: Int = 1 << 20
    ) {
        self.port = port
        self.tally = tally
        self.readers = readers
        self.receiveTimeoutSeconds = receiveTimeoutSeconds
        buffer = .allocate(byteCount: bufferBytes, alignment: 16)
    }

    deinit {
        close()
        buffer.deallocate()
    }

    /// Drops the connection (the next request opens a new one); unread bytes are lost, as on a real drop.
    package func close() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
        start = 0
        end = 0
    }

    /// `GET target` with `headers`; returns the response head. The caller must then read the body to its end
    /// (`readBody`) before the next request, or `close()`. A request that fails before a head arrives is sent
    /// again on a new connection, up to 3 times (the peer may have closed an idle keep-alive connection).
    package func get(_ target: String, headers: [(String, String)]) throws(DeviceFailure) -> DeviceResponseHead {
        var request = "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        request += "\r\n"
        var attempt = 0
        while true {
            do {
                if descriptor < 0 { try open() }
                try send(Array(request.utf8))
                return try readHead()
            } catch {
                close()
                tally.add(.requestRetries)
                attempt += 1
                if attempt > 3 { throw DeviceFailure("GET \(target): \(error)") }
            }
        }
    }

    /// Reads the body of `head` (the answer to a GET) and hands it to `sink` piece by piece; with `limit`,
    /// stops after that many bytes and, if the body went on, drops the connection. Returns the bytes read.
    @discardableResult
    package func readBody(
        of head: DeviceResponseHead, limit: Int = .max, into sink: (UnsafeRawBufferPointer) -> Void
    ) throws(DeviceFailure) -> Int {
        if case .none = head.framing { return 0 }
        readers?.wait()
        defer { readers?.signal() }
        var read = 0
        switch head.framing {
        case .none:
            return 0
        case .length(let length):
            read = try copy(min(length, limit), into: sink)
            if read < length { close() }
        case .chunked:
            while read < limit {
                let line = try readLine()
                guard let size = Int(line.split(separator: ";").first ?? "", radix: 16), size >= 0 else {
                    throw DeviceFailure("a chunk size of \(line.debugDescription)")
                }
                if size == 0 {
                    while try !readLine().isEmpty {}  // trailers
                    return read
                }
                let wanted = min(size, limit - read)
                read += try copy(wanted, into: sink)
                if wanted < size {
                    close()
                    return read
                }
                guard try readLine().isEmpty else { throw DeviceFailure("no CRLF after a chunk") }
            }
            close()
        case .untilClose:
            while read < limit {
                if start == end, try !fill() { break }
                let count = min(end - start, limit - read)
                sink(UnsafeRawBufferPointer(rebasing: buffer[start..<start + count]))
                start += count
                read += count
            }
            close()
        }
        return read
    }

    /// Reads and forgets the body (an answer the device does not use).
    package func discardBody(of head: DeviceResponseHead) throws(DeviceFailure) {
        try readBody(of: head) { _ in }
    }

    // MARK: The socket

    private func open() throws(DeviceFailure) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw DeviceFailure("socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let code = errno
            Glibc.close(fd)
            throw DeviceFailure("connect to 127.0.0.1:\(port): errno \(code)")
        }
        // A peer that stops sending fails the request after this long instead of hanging the device.
        var timeout = timeval(tv_sec: receiveTimeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        descriptor = fd
        tally.add(.connections)
    }

    private func send(_ bytes: [UInt8]) throws(DeviceFailure) {
        var sent = 0
        while sent < bytes.count {
            // MSG_NOSIGNAL: writing to a connection the peer closed must fail, not kill the process.
            let n = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw DeviceFailure("send: errno \(errno)") }
            sent += n
        }
    }

    /// One recv after the unread bytes (moved to the front first when the buffer's end is reached); false at
    /// the end of the stream. Throws on a reset or the receive timeout.
    private func fill() throws(DeviceFailure) -> Bool {
        if start == end {
            start = 0
            end = 0
        } else if end == buffer.count {
            guard start > 0 else { throw DeviceFailure("a line longer than \(buffer.count) bytes") }
            buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + start, byteCount: end - start)
            end -= start
            start = 0
        }
        while true {
            let n = recv(descriptor, buffer.baseAddress! + end, buffer.count - end, 0)
            if n > 0 {
                end += n
                return true
            }
            if n == 0 { return false }
            if errno == EINTR { continue }
            throw DeviceFailure(errno == EAGAIN || errno == EWOULDBLOCK
                ? "no bytes for \(receiveTimeoutSeconds) s" : "recv: errno \(errno)")
        }
    }

    /// Up to `count` bytes of the body to `sink`; fewer only if the peer closed first (an error).
    private func copy(_ count: Int, into sink: (UnsafeRawBufferPointer) -> Void) throws(DeviceFailure) -> Int {
        var copied = 0
        while copied < count {
            if start == end {
                guard try fill() else { throw DeviceFailure("the body ended after \(copied) of \(count) bytes") }
            }
            let n = min(end - start, count - copied)
            sink(UnsafeRawBufferPointer(rebasing: buffer[start..<start + n]))
            start += n
            copied += n
        }
        return copied
    }

    /// The next line without its CRLF.
    private func readLine() throws(DeviceFailure) -> String {
        while true {
            let view = UnsafeRawBufferPointer(rebasing: buffer[start..<end])
            if let newline = view.firstIndex(of: UInt8(ascii: "\n")) {
                var line = String(decoding: view[..<newline], as: UTF8.self)
                if line.hasSuffix("\r") { line.removeLast() }
                start += newline + 1
                return line
            }
            guard try fill() else { throw DeviceFailure("the connection closed inside a line") }
        }
    }

    private func readHead() throws(DeviceFailure) -> DeviceResponseHead {
        let statusLine = try readLine()
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else {
            throw DeviceFailure("a status line of \(statusLine.debugDescription)")
        }
        var headers: [String: String] = [:]
        while true {
            let line = try readLine()
            if line.isEmpty { break }
            guard let colon = line.firstIndex(of: ":") else { throw DeviceFailure("a header line of \(line.debugDescription)") }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return DeviceResponseHead(status: status, headers: headers)
    }
}
