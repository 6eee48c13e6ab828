import Configuration
import HTTPServer

extension PackServeConfiguration {
    /// `tls`: the HTTPS listener beside the plaintext one (README "HTTPS").
    public struct TLS: Sendable, Equatable {
        public var enabled = false
        public var listen = Listen(host: "0.0.0.0", port: 8443)
        /// PEM: the leaf first, then any intermediates.
        public var certificate = ".packserve/tls/server.pem"
        /// PEM: RSA, ECDSA or Ed25519.
        public var privateKey = ".packserve/tls/server.key"
        /// Make a development CA and a leaf for this machine's names when the files are missing.
        public var generateIfMissing = true
        public var minVersion = TLSServerContext.MinimumVersion.tls12
    }

    static var tlsDefaultValues: [String: ConfigContent] {
        let d = TLS()
        return [
            "listen.enabled": .bool(true),
            "tls.enabled": .bool(d.enabled), "tls.listen.host": .string(d.listen.host),
            "tls.listen.port": .int(d.listen.port), "tls.certificate": .string(d.certificate),
            "tls.privateKey": .string(d.privateKey), "tls.generateIfMissing": .bool(d.generateIfMissing),
            "tls.minVersion": .string(d.minVersion.rawValue),
        ]
    }

    mutating func readTLS(_ r: ConfigReader) throws {
        listen.enabled = try r.requiredBool(forKey: "listen.enabled")
        tls.enabled = try r.requiredBool(forKey: "tls.enabled")
        tls.listen.host = try r.requiredString(forKey: "tls.listen.host")
        tls.listen.port = try r.requiredInt(forKey: "tls.listen.port")
        tls.certificate = try r.requiredString(forKey: "tls.certificate")
        tls.privateKey = try r.requiredString(forKey: "tls.privateKey")
        tls.generateIfMissing = try r.requiredBool(forKey: "tls.generateIfMissing")
        let version = try r.requiredString(forKey: "tls.minVersion")
        guard let minVersion = TLSServerContext.MinimumVersion(rawValue: version) else {
            throw ConfigurationError.key("tls.minVersion", "must be \"1.2\" or \"1.3\", not \"\(version)\"")
        }
        tls.minVersion = minVersion
    }

    func validateTLS() throws(ConfigurationError) {
        guard listen.enabled || tls.enabled else {
            throw .key("listen.enabled", "the plaintext listener is off and tls.enabled is false: nothing would listen")
        }
        guard !tls.listen.host.isEmpty else { throw .key("tls.listen.host", "must not be empty") }
        guard !tls.certificate.isEmpty else { throw .key("tls.certificate", "must not be empty") }
        guard !tls.privateKey.isEmpty else { throw .key("tls.privateKey", "must not be empty") }
    }
}
