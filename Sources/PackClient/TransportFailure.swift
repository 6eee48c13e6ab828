import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One line for a request that got no HTTP answer, instead of Foundation's NSError dump: what failed and
/// where, and for an untrusted certificate what to do about it.
public enum TransportFailure {
    public static func describe(_ error: any Error, url: URL) -> String {
        let origin = Self.origin(of: url)
        guard let error = error as? URLError else { return "\(origin): \(Self.oneLine(error.localizedDescription))" }
        switch error.code {
        case .cannotConnectToHost: return "cannot connect to \(origin): connection refused"
        case .cannotFindHost, .dnsLookupFailed: return "cannot connect to \(origin): unknown host"
        case .timedOut: return "\(origin): timed out"
        case .networkConnectionLost: return "\(origin): the connection was closed"
        case .serverCertificateUntrusted, .serverCertificateHasUnknownRoot:
            return "TLS: certificate of \(origin) not trusted (use --cacert FILE)"
        case .serverCertificateHasBadDate, .serverCertificateNotYetValid:
            return "TLS: certificate of \(origin) expired or not yet valid"
        case .secureConnectionFailed: return "TLS: handshake with \(origin) failed"
        default: return "\(origin): \(Self.oneLine(error.localizedDescription))"
        }
    }

    /// `https://127.0.0.1:8443`: the scheme, host and port, without path or query (which may hold a token).
    static func origin(of url: URL) -> String {
        var components = URLComponents()
        components.scheme = url.scheme
        components.host = url.host
        components.port = url.port
        return components.string ?? url.absoluteString
    }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).first.map(String.init) ?? text
    }
}
