import COpenSSL
import Foundation
import Glibc

/// One blocking TCP connection, plain or TLS, with a timeout on every read and write (SO_RCVTIMEO /
/// SO_SNDTIMEO: the CLI waits on one request at a time; the server's event loop is not involved).
final class ClientStream {
    let endpoint: ClientEndpoint
    private let descriptor: Int32
    private var session: OpaquePointer?

    private init(endpoint: ClientEndpoint, descriptor: Int32) {
        self.endpoint = endpoint
        self.descriptor = descriptor
    }

    deinit {
        if let session {
            ctls_shutdown(session)
            ctls_session_free(session)
        }
        Glibc.close(descriptor)
    }

    /// Connects to the first of the host's addresses that accepts, then shakes hands for HTTPS.
    static func connect(to endpoint: ClientEndpoint, timeout: Double, trust: ClientTrust?) throws -> ClientStream {
        let origin = endpoint.origin
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_ADDRCONFIG
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(endpoint.host, String(endpoint.port), &hints, &list) == 0, let first = list else {
            throw HTTPClientError(.unknownHost, origin: origin)
        }
        defer { freeaddrinfo(list) }
        var failure = HTTPClientError(.unknownHost, origin: origin)
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let address = candidate {
            candidate = address.pointee.ai_next
            let descriptor = socket(address.pointee.ai_family, address.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard descriptor >= 0 else { continue }
            let stream = ClientStream(endpoint: endpoint, descriptor: descriptor)
            // On Linux SO_SNDTIMEO also bounds connect(2).
            stream.setTimeout(timeout)
            guard Glibc.connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 else {
                failure = .system(errno, origin: origin, connecting: true)
                continue
            }
            var on: Int32 = 1
            setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
            if endpoint.isSecure {
                try stream.handshake(trust: trust ?? ClientTrust())
            }
            return stream
        }
        throw failure
    }

    func setTimeout(_ seconds: Double) {
        var time = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    }

    private func handshake(trust: ClientTrust) throws {
        guard let session = ctls_client_session_new(trust.context, descriptor, endpoint.host) else {
            throw HTTPClientError(.tls, origin: endpoint.origin, "cannot start a TLS session")
        }
        self.session = session
        let status = Int(ctls_handshake(session))
        guard status != CTLS_OK else { return }
        switch Int(ctls_verify_kind(session)) {
        case CTLS_VERIFY_EXPIRED:
            throw HTTPClientError(.certificateExpired, origin: endpoint.origin)
        case CTLS_VERIFY_NAME_MISMATCH:
            throw HTTPClientError(.certificateNameMismatch, origin: endpoint.origin)
        case CTLS_VERIFY_UNTRUSTED:
            throw HTTPClientError(.certificateUntrusted, origin: endpoint.origin, String(cString: ctls_verify_text(session)))
        default:
            if status == CTLS_WANT_READ || status == CTLS_WANT_WRITE { throw HTTPClientError(.timedOut, origin: endpoint.origin) }
            throw HTTPClientError(.tls, origin: endpoint.origin, status == CTLS_CLOSED ? "closed by the peer" : "")
        }
    }

    /// Reads what has arrived, at most `buffer.count` bytes; 0 at the end of the stream.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        if let session {
            var count = 0
            switch Int(ctls_read(session, buffer.baseAddress, buffer.count, &count)) {
            case CTLS_OK: return count
            case CTLS_CLOSED: return 0
            case CTLS_WANT_READ, CTLS_WANT_WRITE: throw HTTPClientError(.timedOut, origin: endpoint.origin)
            default: throw HTTPClientError(.closed, origin: endpoint.origin, "TLS error")
            }
        }
        while true {
            let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { throw HTTPClientError.system(errno, origin: endpoint.origin, connecting: false) }
        }
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let remaining = UnsafeRawBufferPointer(rebasing: bytes[offset...])
            if let session {
                var count = 0
                switch Int(ctls_write(session, remaining.baseAddress, remaining.count, &count)) {
                case CTLS_OK: offset += count
                case CTLS_WANT_READ, CTLS_WANT_WRITE: throw HTTPClientError(.timedOut, origin: endpoint.origin)
                default: throw HTTPClientError(.closed, origin: endpoint.origin, "TLS error")
                }
                continue
            }
            let count = send(descriptor, remaining.baseAddress, remaining.count, Int32(MSG_NOSIGNAL))
            if count > 0 {
                offset += count
            } else if count < 0 && errno != EINTR {
                throw HTTPClientError.system(errno, origin: endpoint.origin, connecting: false)
            }
        }
    }

    /// Whether a read would return at once (bytes, or the end of the stream) — how the client waits a
    /// bounded time for `100 Continue` (RFC 9110 §10.1.1) without consuming anything.
    func isReadable(within seconds: Double) -> Bool {
        if let session, ctls_pending(session) > 0 { return true }
        var poll = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return Glibc.poll(&poll, 1, Int32(seconds * 1000)) > 0
    }
}
