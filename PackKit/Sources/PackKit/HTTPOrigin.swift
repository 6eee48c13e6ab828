import Foundation

/// An origin (RFC 6454 §4): scheme, host and port, with the scheme's default port filled in. Credentials
/// belong to one origin and are never sent to another (RFC 9110 §11.6.2 leaves it to the client; a CDN or
/// a redirect target must not learn an app's token).
struct HTTPOrigin: Sendable, Hashable {
    var scheme: String
    var host: String
    var port: Int

    init?(_ url: URL?) {
        guard let url, let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        let defaultPort = scheme == "https" ? 443 : scheme == "http" ? 80 : -1
        guard let port = url.port ?? (defaultPort >= 0 ? defaultPort : nil) else { return nil }
        self.scheme = scheme
        self.host = host
        self.port = port
    }
}
