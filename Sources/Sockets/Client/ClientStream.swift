import COpenSSL
import Glibc

/// One blocking TCP connection, plain or TLS, with a timeout on every read and write (SO_RCVTIMEO /
/// SO_SNDTIMEO: the CLI waits on one request at a time; the server's event loop is not involved). The
/// client's counterpart of the server's transports: bytes only, no HTTP (HTTPClient speaks it on top).
///
/// Under a `deadline` no call waits past it: before each connect, read and write the socket's timeouts are
/// set to the time left (or `timeout`, when that is shorter), and once it has passed the call fails with
/// `.timedOut`. A per-call timeout alone lets a peer that sends a byte every few seconds hold a request
/// forever. OpenSSL may call recv(2) many times inside one handshake or read, each with the timeout set
/// before it, so a TLS stream under a deadline is non-blocking instead and waits in poll(2) for the time left.
package final class ClientStream {
    /// The name or address connected to, which a TLS certificate must be valid for.
    let host: String
    /// Seconds any one call may wait.
    let timeout: Double
    private let descriptor: Int32
    private var session: OpaquePointer?
    /// Whether O_NONBLOCK is set (TLS under a deadline).
    private var nonBlocking = false

    /// When the request under way must be done; nil: each call waits up to `timeout`.
    package var deadline: ContinuousClock.Instant? {
        didSet {
            guard deadline == nil, oldValue != nil else { return }
            // Back to what a request without a deadline expects (a kept connection serves the next one).
            setTimeout(timeout)
            setNonBlocking(false)
        }
    }

    private init(host: String, descriptor: Int32, timeout: Double, deadline: ContinuousClock.Instant?) {
        self.host = host
        self.descriptor = descriptor
        self.timeout = timeout
        self.deadline = deadline
    }

    deinit {
        if let session {
            ctls_shutdown(session)
            ctls_session_free(session)
        }
        Glibc.close(descriptor)
    }

    /// Connects to the first of the host's addresses that accepts, then, when `isSecure`, shakes hands with
    /// `trust` (nil: the system's store, loaded for this connection). The name lookup (getaddrinfo) is the
    /// system resolver's and is not bounded by `deadline`.
    package static func connect(
        host: String, port: Int, isSecure: Bool, timeout: Double, deadline: ContinuousClock.Instant? = nil,
        trust: ClientTrust?
    ) throws(ClientSocketError) -> ClientStream {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_ADDRCONFIG
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
            throw ClientSocketError(.unknownHost)
        }
        defer { freeaddrinfo(list) }
        var failure = ClientSocketError(.unknownHost)
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let address = candidate {
            candidate = address.pointee.ai_next
            let descriptor = socket(address.pointee.ai_family, address.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard descriptor >= 0 else { continue }
            let stream = ClientStream(host: host, descriptor: descriptor, timeout: timeout, deadline: deadline)
            // On Linux SO_SNDTIMEO also bounds connect(2).
            stream.setTimeout(timeout)
            try stream.limitToDeadline()
            guard Glibc.connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 else {
                failure = .system(errno, connecting: true)
                continue
            }
            var on: Int32 = 1
            setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
            if isSecure {
                if let trust { try stream.handshake(trust: trust) } else { try stream.handshake(trust: ClientTrust()) }
            }
            return stream
        }
        throw failure
    }

    private func setTimeout(_ seconds: Double) {
        var time = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    }

    /// The seconds the next call may wait: `timeout`, or the time left before the deadline when that is
    /// shorter; throws `.timedOut` once the deadline has passed.
    private func budget() throws(ClientSocketError) -> Double {
        guard let deadline else { return timeout }
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else { throw ClientSocketError(.timedOut) }
        let seconds = Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18
        // At least a microsecond: a zero timeval would mean no timeout at all.
        return max(min(timeout, seconds), 0.000_001)
    }

    /// Before each blocking call under a deadline: fails once it has passed, else lets the call wait only the
    /// time left.
    private func limitToDeadline() throws(ClientSocketError) {
        guard deadline != nil else { return }
        setTimeout(try budget())
    }

    private func setNonBlocking(_ on: Bool) {
        guard on != nonBlocking else { return }
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, on ? flags | O_NONBLOCK : flags & ~O_NONBLOCK)
        nonBlocking = on
    }

    /// Runs one OpenSSL call to its end. Blocking (no deadline), a WANT_READ or WANT_WRITE means SO_RCVTIMEO
    /// or SO_SNDTIMEO ran out: `.timedOut`. Under a deadline the socket is non-blocking and the call is made
    /// again each time poll(2) says the socket is ready, until the time left runs out.
    private func tls(_ call: () -> Int) throws(ClientSocketError) -> Int {
        setNonBlocking(deadline != nil)
        while true {
            let status = call()
            guard status == CTLS_WANT_READ || status == CTLS_WANT_WRITE else { return status }
            guard deadline != nil else { throw ClientSocketError(.timedOut) }
            var poll = pollfd(fd: descriptor, events: Int16(status == CTLS_WANT_READ ? POLLIN : POLLOUT), revents: 0)
            let ready = Glibc.poll(&poll, 1, Int32((try budget() * 1000).rounded(.up)))
            // Nothing within `timeout` or the time left: as a blocking call would have failed.
            if ready == 0 { throw ClientSocketError(.timedOut) }
            if ready < 0 && errno != EINTR { throw ClientSocketError.system(errno, connecting: false) }
        }
    }

    private func handshake(trust: ClientTrust) throws(ClientSocketError) {
        guard let session = ctls_client_session_new(trust.context, descriptor, host) else {
            throw ClientSocketError(.tls, "cannot start a TLS session")
        }
        self.session = session
        let status = try tls { Int(ctls_handshake(session)) }
        guard status != CTLS_OK else { return }
        switch Int(ctls_verify_kind(session)) {
        case CTLS_VERIFY_EXPIRED:
            throw ClientSocketError(.certificateExpired)
        case CTLS_VERIFY_NAME_MISMATCH:
            throw ClientSocketError(.certificateNameMismatch)
        case CTLS_VERIFY_UNTRUSTED:
            throw ClientSocketError(.certificateUntrusted, String(cString: ctls_verify_text(session)))
        default:
            throw ClientSocketError(.tls, status == CTLS_CLOSED ? "closed by the peer" : "")
        }
    }

    /// Reads what has arrived, at most `buffer.count` bytes; 0 at the end of the stream.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(ClientSocketError) -> Int {
        if let session {
            var count = 0
            switch try tls({ Int(ctls_read(session, buffer.baseAddress, buffer.count, &count)) }) {
            case CTLS_OK: return count
            case CTLS_CLOSED: return 0
            default: throw ClientSocketError(.closed, "TLS error")
            }
        }
        while true {
            try limitToDeadline()
            let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { throw ClientSocketError.system(errno, connecting: false) }
        }
    }

    package func write(_ bytes: UnsafeRawBufferPointer) throws(ClientSocketError) {
        var offset = 0
        while offset < bytes.count {
            let remaining = UnsafeRawBufferPointer(rebasing: bytes[offset...])
            if let session {
                var count = 0
                switch try tls({ Int(ctls_write(session, remaining.baseAddress, remaining.count, &count)) }) {
                case CTLS_OK: offset += count
                default: throw ClientSocketError(.closed, "TLS error")
                }
                continue
            }
            try limitToDeadline()
            let count = send(descriptor, remaining.baseAddress, remaining.count, Int32(MSG_NOSIGNAL))
            if count > 0 {
                offset += count
            } else if count < 0 && errno != EINTR {
                throw ClientSocketError.system(errno, connecting: false)
            }
        }
    }

    /// Whether a read would return at once (bytes, or the end of the stream) — how the client waits a
    /// bounded time for `100 Continue` (RFC 9110 §10.1.1) without consuming anything.
    package func isReadable(within seconds: Double) -> Bool {
        if let session, ctls_pending(session) > 0 { return true }
        // Past the deadline: not readable; the read that follows fails with .timedOut.
        guard let left = try? budget() else { return false }
        var poll = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return Glibc.poll(&poll, 1, Int32(min(seconds, left) * 1000)) > 0
    }

    /// Sends `length` bytes of the file at `path` from byte `offset`, reporting the running total to `sent`.
    /// A file that cannot be opened, or that ends before `length` bytes, is `.fileUnreadable`.
    package func writeFile(path: String, offset: Int64 = 0, length: Int64, sent: (Int64) -> Void) throws(ClientSocketError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw ClientSocketError(.fileUnreadable, "cannot read \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var chunk = [UInt8](repeating: 0, count: 256 * 1024)
        var total: Int64 = 0
        while total < length {
            let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(offset + total)) }
            guard count > 0 else {
                if count < 0 && errno == EINTR { continue }
                throw ClientSocketError(.fileUnreadable, "\(path) ended at byte \(total) of \(length) while it was sent")
            }
            let piece = Int(min(Int64(count), length - total))
            let written = chunk.withUnsafeBytes { buffer in
                Result { () throws(ClientSocketError) in try write(UnsafeRawBufferPointer(rebasing: buffer[0..<piece])) }
            }
            try written.get()
            total += Int64(piece)
            sent(total)
        }
    }
}
