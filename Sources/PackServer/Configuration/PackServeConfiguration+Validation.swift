import Foundation

extension PackServeConfiguration {
    /// Checks ranges and formats; throws the first problem, naming its key.
    func validate() throws(ConfigurationError) {
        guard (0...65535).contains(listen.port) else { throw .key("listen.port", "must be 0…65535, not \(listen.port)") }
        guard !listen.host.isEmpty else { throw .key("listen.host", "must not be empty") }
        guard let url = URL(string: publicBaseURL), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
        else { throw .key("publicBaseURL", "must be an absolute http(s) URL, not \"\(publicBaseURL)\"") }
        guard !allowedHosts.isEmpty else { throw .key("allowedHosts", "must name at least one host") }
        for pattern in allowedHosts where pattern.isEmpty || pattern.contains(" ") || pattern.contains("/") {
            throw .key("allowedHosts", "\"\(pattern)\" is not a host name or *.suffix pattern")
        }
        // The manifest names publicBaseURL's host; an app allow-list built from it must reach this server.
        guard HostAllowList(allowedHosts).allows(host) else {
            throw .key("publicBaseURL", "host \(host) is not in allowedHosts")
        }
        guard signing.manifestLifetimeHours > 0 else { throw .key("signing.manifestLifetimeHours", "must be positive") }
        guard signing.manifestLifetimeSeconds >= 0 else { throw .key("signing.manifestLifetimeSeconds", "must not be negative") }
        guard limits.maxPackBytes > 0 else { throw .key("limits.maxPackBytes", "must be positive") }
        guard limits.maxRanges >= 1 else { throw .key("limits.maxRanges", "must be at least 1") }
        guard limits.maxHeaderBytes >= 1024 else { throw .key("limits.maxHeaderBytes", "must be at least 1024") }
        guard limits.headerTimeoutSeconds >= 1 else { throw .key("limits.headerTimeoutSeconds", "must be at least 1") }
        guard limits.idleTimeoutSeconds >= 1 else { throw .key("limits.idleTimeoutSeconds", "must be at least 1") }
        guard limits.writeTimeoutSeconds >= 1 else { throw .key("limits.writeTimeoutSeconds", "must be at least 1") }
        guard limits.maxEssentialBytes >= 0 else { throw .key("limits.maxEssentialBytes", "must not be negative") }
        guard limits.maxConnections >= 1 else { throw .key("limits.maxConnections", "must be at least 1") }
        try validateTLS()
        let levels = ["trace", "debug", "info", "notice", "warning", "error", "critical"]
        guard levels.contains(logLevel) else {
            throw .key("logLevel", "must be one of \(levels.joined(separator: ", ")), not \"\(logLevel)\"")
        }
    }

    /// Makes the path settings absolute, relative to the configuration file's directory, so the server
    /// behaves the same whatever directory it is started from.
    mutating func resolvePaths(relativeTo base: URL) {
        func resolve(_ path: String) -> String {
            path.hasPrefix("/") ? path : base.appendingPathComponent(path).standardizedFileURL.path
        }
        dataDirectory = resolve(dataDirectory)
        publicDirectory = resolve(publicDirectory)
        signing.privateKey = resolve(signing.privateKey)
        signing.additionalPublicKeys = signing.additionalPublicKeys.map(resolve)
        tls.certificate = resolve(tls.certificate)
        tls.privateKey = resolve(tls.privateKey)
    }
}
