import Sockets

/// A request that got no usable HTTP answer, described in one line that names the origin and, where
/// there is one, what to do about it.
public struct HTTPClientError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case invalidURL
        case unknownHost
        case connectionRefused
        case cannotConnect
        case timedOut
        /// The connection ended before the response did.
        case closed
        case certificateUntrusted
        case certificateExpired
        case certificateNameMismatch
        case tls
        case malformedResponse
        /// The CA file given could not be loaded.
        case trustFile
        /// The request body's file could not be read.
        case requestBody
    }

    public var kind: Kind
    public var origin: String
    public var detail: String

    public init(_ kind: Kind, origin: String, _ detail: String = "") {
        self.kind = kind
        self.origin = origin
        self.detail = detail
    }

    public var description: String {
        switch kind {
        case .invalidURL: "\(origin): \(detail)"
        case .unknownHost: "cannot connect to \(origin): unknown host"
        case .connectionRefused: "cannot connect to \(origin): connection refused"
        case .cannotConnect: "cannot connect to \(origin): \(detail)"
        case .timedOut: "\(origin): timed out"
        case .closed: "\(origin): the connection was closed\(detail.isEmpty ? "" : " (\(detail))")"
        case .certificateUntrusted: "TLS: certificate of \(origin) not trusted (\(detail); use --cacert FILE)"
        case .certificateExpired: "TLS: certificate of \(origin) expired or not yet valid"
        case .certificateNameMismatch: "TLS: certificate of \(origin) is not valid for this host name or address"
        case .tls: "TLS: handshake with \(origin) failed\(detail.isEmpty ? "" : " (\(detail))")"
        case .malformedResponse: "\(origin): malformed response (\(detail))"
        case .trustFile, .requestBody: detail
        }
    }

    /// The failure of a connection to `origin` (a stream's, or its trust's), kind and detail as Sockets
    /// gave them. A CA file that does not load names the file (`caFile`: nil for the system's store), not
    /// the origin; a request body's file that cannot be read is `.requestBody`.
    init(_ error: ClientSocketError, origin: String, caFile: String? = nil) {
        let kind: Kind =
            switch error.kind {
            case .unknownHost: .unknownHost
            case .connectionRefused: .connectionRefused
            case .cannotConnect: .cannotConnect
            case .timedOut: .timedOut
            case .closed: .closed
            case .certificateUntrusted: .certificateUntrusted
            case .certificateExpired: .certificateExpired
            case .certificateNameMismatch: .certificateNameMismatch
            case .tls: .tls
            case .trustFile: .trustFile
            case .fileUnreadable: .requestBody
            }
        self.init(kind, origin: kind == .trustFile ? caFile ?? "" : origin, error.detail)
    }
}
