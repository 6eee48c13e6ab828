import Glibc

/// Why a client stream (`ClientStream`) or its trust (`ClientTrust`) failed, without the protocol above it:
/// the caller names the peer and says what it was doing (HTTPClient's `HTTPClientError`).
package struct ClientSocketError: Error, Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case unknownHost
        case connectionRefused
        case cannotConnect
        case timedOut
        /// The connection ended (or was reset) under a read or a write.
        case closed
        case certificateUntrusted
        case certificateExpired
        case certificateNameMismatch
        case tls
        /// The CA file (or the system's store) could not be loaded.
        case trustFile
        /// A file being sent could not be read, or ended early.
        case fileUnreadable
    }

    package var kind: Kind
    /// One line, or empty: the system's or OpenSSL's reason, or what was under way.
    package var detail: String

    package init(_ kind: Kind, _ detail: String = "") {
        self.kind = kind
        self.detail = detail
    }

    /// A socket call's failure.
    static func system(_ code: Int32, connecting: Bool) -> ClientSocketError {
        switch code {
        case ECONNREFUSED: ClientSocketError(.connectionRefused)
        case EAGAIN, ETIMEDOUT, EINPROGRESS: ClientSocketError(.timedOut)
        case ECONNRESET, EPIPE: ClientSocketError(.closed, "reset by the peer")
        default: ClientSocketError(connecting ? .cannotConnect : .closed, String(cString: strerror(code)))
        }
    }
}
