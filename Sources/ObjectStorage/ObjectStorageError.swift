import HTTPClient

/// Why an object-store operation failed, in one line that names the object where there is one.
public struct ObjectStorageError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case credentials
        case configuration
        /// No usable HTTP answer (the HTTP client's error is in the detail).
        case transport
        /// The service answered with an error status; `status` and `code` say which.
        case service
        /// An answer that is not what S3 sends (malformed XML, a missing element).
        case malformedResponse
        /// A local file could not be read or written.
        case file
    }

    public var kind: Kind
    public var detail: String
    /// The HTTP status and S3 error code (`NoSuchKey`, `SlowDown`) of a `.service` error.
    public var status: Int
    public var code: String
    /// For `.transport`: how the HTTP client failed, which decides whether trying again can help.
    public var transportFailure: HTTPClientError.Kind?

    public init(_ kind: Kind, _ detail: String, status: Int = 0, code: String = "", transportFailure: HTTPClientError.Kind? = nil) {
        self.kind = kind
        self.detail = detail
        self.status = status
        self.code = code
        self.transportFailure = transportFailure
    }

    public var description: String {
        switch kind {
        case .service: "S3: \(detail): \(status)\(code.isEmpty ? "" : " \(code)")"
        default: "S3: \(detail)"
        }
    }

    /// Worth sending again (RFC 9110 §9.2.2 allows it for idempotent requests): the connection failed, or
    /// the service said it was busy or failed inside (5xx, SlowDown, RequestTimeout). An untrusted
    /// certificate or a bad URL fails the same way every time, so it is not.
    public var isTransient: Bool {
        switch kind {
        case .transport:
            switch transportFailure {
            case .closed, .timedOut, .connectionRefused, .cannotConnect, .malformedResponse: true
            default: false
            }
        case .service: status >= 500 || status == 408 || code == "SlowDown" || code == "RequestTimeout"
        default: false
        }
    }
}
