import Configuration
import HTTPServer
import Sockets

extension PackServeConfiguration {
    /// The most `trustedProxies` entries: each connection (PROXY protocol) or request (X-Forwarded-For) from
    /// a proxy is compared with every entry, and a deployment names a few networks, not thousands.
    static let maxTrustedProxies = 256

    func validateProxies() throws(ConfigurationError) {
        guard trustedProxies.count <= Self.maxTrustedProxies else {
            throw .key("trustedProxies", "must have at most \(Self.maxTrustedProxies) entries, not \(trustedProxies.count)")
        }
        for (index, entry) in trustedProxies.enumerated() where IPNetwork(entry) == nil {
            throw .key("trustedProxies[\(index)]", "\"\(entry)\" is not an address or a network such as 10.0.0.0/8")
        }
        // A PROXY header is believed only from a trusted proxy: with none, every connection would be refused.
        for (key, isOn) in [("listen.proxyProtocol", listen.enabled && listen.proxyProtocol),
                            ("tls.listen.proxyProtocol", tls.enabled && tls.listen.proxyProtocol)]
        where isOn && trustedProxies.isEmpty {
            throw .key(key, "is true but trustedProxies is empty: every connection would be refused; list the proxies' addresses")
        }
    }
}
