import Configuration
import HTTPServer
import JSONText

extension PackServeConfiguration {
    /// `metrics`: the Prometheus listener (docs/metrics.md). Off unless config.json has a
    /// `metrics.listen` object or `metrics.enabled` (or `PACKSERVE_METRICS_ENABLED`) is true;
    /// `"listen": null` or `"enabled": false` turn it off.
    public struct MetricsListener: Sendable, Equatable {
        public var enabled = false
        /// Loopback by default: the numbers are for the operator, not for the devices.
        public var host = "127.0.0.1"
        public var port = 9464
    }

    /// Whether a parsed config.json asks for the metrics listener by giving it an address: then
    /// `metrics.enabled` defaults to true.
    static func metricsListenGiven(in root: JSONNode) -> Bool {
        guard case .object = root["metrics"]?["listen"]?.kind else { return false }
        return true
    }

    func validateMetrics() throws(ConfigurationError) {
        guard metrics.enabled else { return }
        guard !metrics.host.isEmpty else { throw .key("metrics.listen.host", "must not be empty") }
        // Never on a public listener's port: /metrics is not for the devices (and the bind would fail).
        let publicPorts = (listen.enabled ? [listen.port] : []) + (tls.enabled ? [tls.listen.port] : [])
        if metrics.port != 0, publicPorts.contains(metrics.port) {
            throw .key("metrics.listen.port", "\(metrics.port) is a public listener's port: give metrics its own")
        }
    }

    /// The metrics listener's server settings: one loop and few connections are plenty for scrapers.
    public var metricsServer: HTTPServerConfiguration {
        var c = HTTPServerConfiguration(host: metrics.host, port: metrics.port)
        c.eventLoopCount = 1
        c.loopThreadName = "metrics-loop"
        c.maxConnections = 64
        c.headerTimeoutSeconds = limits.headerTimeoutSeconds
        c.idleTimeoutSeconds = limits.idleTimeoutSeconds
        c.writeTimeoutSeconds = limits.writeTimeoutSeconds
        return c
    }
}
