import HTTPServer
import Sockets

/// What the admin API allows one request, and all of them together (docs/api.md "Admin API"; the
/// `limits.*` keys of config.json).
public struct AdminLimits: Sendable, Equatable {
    /// The `limits.*` keys the admin API applies: `maxPackBytes` (413), `maxAdminBodyBytes` (413 before a
    /// JSON body is read), `headerTimeoutSeconds` (a JSON body whole within it, else 408), `maxUploads` (503),
    /// `maxUploadsPerToken` (429), `uploadMinBytesPerSecond` over `uploadWindowSeconds` (408).
    public var configured = PackServeConfiguration.Limits()
    /// Clients whose plain-HTTP requests are answered (`admin.plaintextClients`); any other client must use
    /// HTTPS, so tokens do not cross a network in the clear. Loopback by default; a Docker bridge
    /// (`172.17.0.0/16`) is the usual addition, for admin requests from the container's host.
    public var plaintextClients = [IPNetwork("127.0.0.0/8")!, IPNetwork("::1")!]

    public init() {}

    /// `address`: the request's client (`RequestOrigin.client()`: behind a trusted proxy, the client it
    /// named, not the proxy).
    func answersPlaintext(from address: String?) -> Bool {
        guard let address else { return false }
        return plaintextClients.contains { $0.contains(address) }
    }

    var jsonBodyPace: BodyPace { .within(seconds: configured.headerTimeoutSeconds) }
    var uploadPace: BodyPace {
        .minimumRate(bytesPerSecond: configured.uploadMinBytesPerSecond, windowSeconds: configured.uploadWindowSeconds)
    }
}
