import HTTPServer

/// What the admin API allows one request, and all of them together (docs/api.md "Admin API"; the
/// `limits.*` keys of config.json).
public struct AdminLimits: Sendable, Equatable {
    /// An upload larger than this is refused (413).
    public var maxPackBytes: Int64 = 8_589_934_592
    /// A JSON body larger than this is refused (413) before it is read.
    public var maxBodyBytes = 65_536
    /// A JSON body must arrive whole within this many seconds of being asked for (the header timeout).
    public var bodySeconds = 10
    /// Uploads running at once; more are answered 503.
    public var maxUploads = 4
    /// Uploads one token may run at once; more are answered 429.
    public var maxUploadsPerToken = 2
    /// An upload slower than `uploadMinBytesPerSecond` over any `uploadWindowSeconds` is ended with 408.
    public var uploadMinBytesPerSecond = 16_384
    public var uploadWindowSeconds = 30
    /// Clients whose plain-HTTP requests are answered (`admin.plaintextClients`); any other client must use
    /// HTTPS, so tokens do not cross a network in the clear. Loopback by default; a Docker bridge
    /// (`172.17.0.0/16`) is the usual addition, for admin requests from the container's host.
    public var plaintextClients = [ClientNetwork("127.0.0.0/8")!, ClientNetwork("::1")!]

    public init() {}

    func answersPlaintext(from address: String?) -> Bool {
        guard let address else { return false }
        return plaintextClients.contains { $0.contains(address) }
    }

    var jsonBodyPace: BodyPace { .within(seconds: bodySeconds) }
    var uploadPace: BodyPace {
        .minimumRate(bytesPerSecond: uploadMinBytesPerSecond, windowSeconds: uploadWindowSeconds)
    }
}
