import Configuration
import HTTPServer
import Sockets

extension PackServeConfiguration {
    /// `admin`: who may use the admin API over plain HTTP (docs/https.md).
    public struct Admin: Sendable, Equatable {
        /// Client addresses and CIDR networks whose plain-HTTP admin requests are answered; everyone else
        /// must use HTTPS. Loopback by default; add a Docker bridge (`172.17.0.0/16`) to administer a
        /// container from its host.
        public var plaintextClients = ["127.0.0.0/8", "::1"]
    }

    func validateAdmin() throws(ConfigurationError) {
        for entry in admin.plaintextClients where IPNetwork(entry) == nil {
            throw .key("admin.plaintextClients", "\"\(entry)\" is not an address or a network such as 172.17.0.0/16")
        }
    }
}
