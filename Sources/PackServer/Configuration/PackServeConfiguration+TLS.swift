import Configuration
import HTTPServer
import Sockets

extension PackServeConfiguration {
    /// `tls`: the HTTPS listener beside the plaintext one (docs/https.md).
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

    func validateTLS() throws(ConfigurationError) {
        guard listen.enabled || tls.enabled else {
            throw .key("listen.enabled", "the plaintext listener is off and tls.enabled is false: nothing would listen")
        }
        guard !tls.listen.host.isEmpty else { throw .key("tls.listen.host", "must not be empty") }
        guard !tls.certificate.isEmpty else { throw .key("tls.certificate", "must not be empty") }
        guard !tls.privateKey.isEmpty else { throw .key("tls.privateKey", "must not be empty") }
    }
}
