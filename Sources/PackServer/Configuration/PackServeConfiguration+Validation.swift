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
        let levels = ["trace", "debug", "info", "notice", "warning", "error", "critical"]
        guard levels.contains(logLevel) else {
            throw .key("logLevel", "must be one of \(levels.joined(separator: ", ")), not \"\(logLevel)\"")
        }
    }

    /// The one check that looks at the disk, after the paths are resolved: a `publicDirectory` that does not
    /// exist would serve 404 for the catalog page without a word at startup.
    func checkPublicDirectory() throws(ConfigurationError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: publicDirectory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .key("publicDirectory", "\(publicDirectory) is not a directory")
        }
    }

    /// Every numeric key with its allowed range. The upper bounds keep all arithmetic on these values far from
    /// overflow (lifetimes become seconds and are added to the clock, timeouts become nanoseconds, byte limits
    /// are summed over 100,000 packs); they are documented in README.md's configuration section.
    var numericBounds: [(key: String, value: Int64, range: ClosedRange<Int64>)] {
        [
            ("listen.port", Int64(listen.port), 0...65535),
            ("tls.listen.port", Int64(tls.listen.port), 0...65535),
            ("metrics.listen.port", Int64(metrics.port), 0...65535),
            ("signing.manifestLifetimeHours", Int64(signing.manifestLifetimeHours), 1...ConfigurationBounds.tenYearsInHours),
            ("signing.manifestLifetimeSeconds", Int64(signing.manifestLifetimeSeconds), 0...ConfigurationBounds.tenYearsInHours * 3600),
            ("limits.maxPackBytes", limits.maxPackBytes, 1...ConfigurationBounds.oneTebibyte),
            ("limits.maxEssentialBytes", limits.maxEssentialBytes, 0...ConfigurationBounds.oneTebibyte),
            ("limits.maxRanges", Int64(limits.maxRanges), 1...1000),
            ("limits.maxHeaderBytes", Int64(limits.maxHeaderBytes), 1024...1_048_576),
            ("limits.headerTimeoutSeconds", Int64(limits.headerTimeoutSeconds), 1...ConfigurationBounds.oneDayInSeconds),
            ("limits.idleTimeoutSeconds", Int64(limits.idleTimeoutSeconds), 1...ConfigurationBounds.oneDayInSeconds),
            ("limits.writeTimeoutSeconds", Int64(limits.writeTimeoutSeconds), 1...ConfigurationBounds.oneDayInSeconds),
            ("limits.maxConnections", Int64(limits.maxConnections), 1...1_000_000),
            ("limits.maxAdminBodyBytes", Int64(limits.maxAdminBodyBytes), 1024...16_777_216),
            ("limits.maxUploads", Int64(limits.maxUploads), 1...1000),
            ("limits.maxUploadsPerToken", Int64(limits.maxUploadsPerToken), 1...1000),
            ("limits.uploadMinBytesPerSecond", Int64(limits.uploadMinBytesPerSecond), 1...1_073_741_824),
            ("limits.uploadWindowSeconds", Int64(limits.uploadWindowSeconds), 1...3600),
            ("cache.sharedMaxAgeSeconds", Int64(cache.sharedMaxAgeSeconds), 0...ConfigurationBounds.oneDayInSeconds),
        ]
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
        tls.privateKey = resolve(tls.privateKey)
        if accessLog.path != "-" { accessLog.path = resolve(accessLog.path) }
    }
}
