import Foundation

/// Where a request goes: scheme, host and port from an `http` or `https` URL, and the request target.
public struct ClientEndpoint: Sendable, Hashable {
    public var isSecure: Bool
    /// A DNS name or an IP address literal, without the brackets of an IPv6 literal.
    public var host: String
    public var port: Int

    public init(_ url: URL) throws(HTTPClientError) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw HTTPClientError(.invalidURL, origin: url.absoluteString, "only http:// and https:// URLs are supported")
        }
        guard var host = url.host, !host.isEmpty else {
            throw HTTPClientError(.invalidURL, origin: url.absoluteString, "the URL has no host")
        }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        isSecure = scheme == "https"
        self.host = host
        port = url.port ?? (isSecure ? 443 : 80)
    }

    /// `https://127.0.0.1:8443`: what error messages name (never the path or query, which may hold a token).
    public var origin: String {
        "\(isSecure ? "https" : "http")://\(hostField)"
    }

    /// RFC 9110 §7.2: the Host field, the port left out when it is the scheme's default.
    public var hostField: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return port == (isSecure ? 443 : 80) ? name : "\(name):\(port)"
    }

    /// RFC 9112 §3.2.1 origin-form: the absolute path (at least "/") and the query.
    public static func target(of url: URL) -> String {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        let path = components?.percentEncodedPath ?? "/"
        let query = components?.percentEncodedQuery.map { "?\($0)" } ?? ""
        return (path.isEmpty ? "/" : path) + query
    }
}
