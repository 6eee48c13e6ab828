import Foundation
import HTTPClient

/// One line for a request that got no HTTP answer: the client's own line for what failed and where (and
/// for an untrusted certificate what to do about it); the first line of anything else.
public enum TransportFailure {
    public static func describe(_ error: any Error, url: URL) -> String {
        if let error = error as? HTTPClientError { return error.description }
        let text = error.localizedDescription
        return "\(origin(of: url)): \(text.split(whereSeparator: \.isNewline).first.map(String.init) ?? text)"
    }

    /// `https://127.0.0.1:8443`: the scheme, host and port, without path or query (which may hold a token).
    static func origin(of url: URL) -> String {
        (try? ClientEndpoint(url).origin) ?? url.absoluteString
    }
}
