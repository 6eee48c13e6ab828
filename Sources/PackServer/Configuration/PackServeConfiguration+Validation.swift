import Foundation

extension PackServeConfiguration {
    /// Checks ranges and formats; throws the first problem, naming its key.
    func validate() throws(ConfigurationError) {
        guard !listen.host.isEmpty else { throw .key("listen.host", "must not be empty") }
        guard let url = URL(string: publicBaseURL), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
        else { throw .key("publicBaseURL", "must be an absolute http(s) URL, not \"\(publicBaseURL)\"") }
        // Pack URLs are publicBaseURL + "/blobs/…": after a query or fragment they would name another resource
        // (`https://a.example/?x#z/blobs/…` is https://a.example/ itself).
        guard !publicBaseURL.contains("?"), !publicBaseURL.contains("#") else {
            throw .key("publicBaseURL", "must have no query or fragment, not \"\(publicBaseURL)\"")
        }
        guard !allowedHosts.isEmpty else { throw .key("allowedHosts", "must name at least one host") }
        for pattern in allowedHosts where pattern.isEmpty || pattern.contains(" ") || pattern.contains("/")
            || (pattern.hasPrefix("@") && pattern != LocalAddresses.entry)
        {
            throw .key("allowedHosts", "\"\(pattern)\" is not a host name, *.suffix pattern or \(LocalAddresses.entry)")
        }
        // The manifest names publicBaseURL's host; an app allow-list built from it must reach this server.
        guard HostAllowList(allowedHosts).allows(host) else {
            throw .key("publicBaseURL", "host \(host) is not in allowedHosts")
        }
        for bound in numericBounds where !bound.range.contains(bound.value) {
            throw .key(bound.key, "must be between \(bound.range.lowerBound) and \(bound.range.upperBound), not \(bound.value)")
        }
        try validateTLS()
        try validateMetrics()
        try validateAdmin()
        try validateCache()
        try validateProxies()
        try validateStorage()
        guard !accessLog.path.isEmpty else { throw .key("accessLog.path", "must be \"-\" or a file path") }
    }

    /// The one check that looks at the disk, after the paths are resolved: a `publicDirectory` that does not
    /// exist would serve 404 for the catalog page without a word at startup.
    func checkPublicDirectory() throws(ConfigurationError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: publicDirectory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .key("publicDirectory", "\(publicDirectory) is not a directory")
        }
    }

    /// Every integer key with its value and allowed range (`ConfigurationKeys`).
    var numericBounds: [(key: String, value: Int64, range: ClosedRange<Int64>)] {
        ConfigurationKeys.all.compactMap { key in
            guard let range = key.range, let value = key.integer(in: self) else { return nil }
            return (key.name, value, range)
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
        for index in cache.purge.indices { cache.purge[index].headersFile = cache.purge[index].headersFile.map(resolve) }
        signing.additionalPublicKeys = signing.additionalPublicKeys.map(resolve)
        tls.certificate = resolve(tls.certificate)
        replica.cacheDirectory = resolve(replica.cacheDirectory)
        if !storage.credentialsFile.isEmpty { storage.credentialsFile = resolve(storage.credentialsFile) }
        if !storage.caFile.isEmpty { storage.caFile = resolve(storage.caFile) }
        if !rollouts.webhook.headersFile.isEmpty { rollouts.webhook.headersFile = resolve(rollouts.webhook.headersFile) }
        if !replica.publisherTokenFile.isEmpty { replica.publisherTokenFile = resolve(replica.publisherTokenFile) }
        if !replica.publisherCAFile.isEmpty { replica.publisherCAFile = resolve(replica.publisherCAFile) }
        tls.privateKey = resolve(tls.privateKey)
        if accessLog.path != "-" { accessLog.path = resolve(accessLog.path) }
    }
}
