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

    public init() {}

    var jsonBodyPace: BodyPace { .within(seconds: bodySeconds) }
    var uploadPace: BodyPace {
        .minimumRate(bytesPerSecond: uploadMinBytesPerSecond, windowSeconds: uploadWindowSeconds)
    }
}
