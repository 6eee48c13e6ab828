import HTTPServer
import Manifest
import PackStore
import Sockets

/// Everything `config.json` (docs/api.md "Configuration") can set, with the contract's defaults.
/// Relative paths are resolved against the directory of the configuration file.
public struct PackServeConfiguration: Sendable, Equatable {
    public struct Listen: Sendable, Equatable {
        public var host = "0.0.0.0"
        public var port = 8080
        /// False serves HTTPS only (the `tls` listener).
        public var enabled = true
        /// Connections start with HAProxy's PROXY protocol header, from a proxy in `trustedProxies`.
        public var proxyProtocol = false
    }

    public struct Signing: Sendable, Equatable {
        public var privateKey = ".packserve/keys/manifest-signing.key"
        public var generateIfMissing = true
        public var manifestLifetimeHours = 168
        /// Overrides `manifestLifetimeHours` when positive (for tests of expiry and re-signing).
        public var manifestLifetimeSeconds = 0
        /// SPKI PEM files of further public keys to list in the JWKS (the next key, during a rotation).
        public var additionalPublicKeys: [String] = []

        public var lifetimeSeconds: Int64 {
            manifestLifetimeSeconds > 0 ? Int64(manifestLifetimeSeconds) : Int64(manifestLifetimeHours) * 3600
        }
    }

    public struct Limits: Sendable, Equatable {
        public var maxPackBytes: Int64 = 8_589_934_592
        /// Entries of one raw Apple Archive (`add`, uploads): 32 bytes of memory each while it is read.
        public var maxArchiveEntries = IngestLimits.defaultMaxArchiveEntries
        public var maxRanges = 16
        public var maxHeaderBytes = 16_384
        public var headerTimeoutSeconds = 10
        public var idleTimeoutSeconds = 60
        public var writeTimeoutSeconds = 60
        public var maxConnections = 10_000
        /// `check` fails when the essential packs add up to more than this (0: no limit). Match the app's
        /// `BAEssentialDownloadAllowance`.
        public var maxEssentialBytes: Int64 = 0
        /// Admin JSON bodies larger than this are refused (413) before they are read.
        public var maxAdminBodyBytes = 65_536
        /// Uploads running at once (503 beyond), and for one token (429 beyond).
        public var maxUploads = 4
        public var maxUploadsPerToken = 2
        /// An upload slower than this over any `uploadWindowSeconds` is ended with 408.
        public var uploadMinBytesPerSecond = 16_384
        public var uploadWindowSeconds = 30

        /// What `add` and uploads may bring in.
        public var ingest: IngestLimits {
            IngestLimits(maxPackBytes: maxPackBytes, maxArchiveEntries: maxArchiveEntries)
        }
    }

    public var listen = Listen()
    public var tls = TLS()
    public var accessLog = AccessLog()
    public var metrics = MetricsListener()
    public var admin = Admin()
    public var cache = Cache()
    public var catalog = Catalog()
    public var rollouts = Rollouts()
    public var storage = Storage()
    public var replica = Replica()
    /// Addresses and CIDR networks of the proxies whose word on the client's address is believed: their
    /// PROXY headers on a listener with `proxyProtocol`, their `X-Forwarded-For` elsewhere (docs/http.md
    /// "Client address behind a proxy"). Empty by default: every client is its connection's peer.
    public var trustedProxies: [String] = []
    public var publicBaseURL = "http://localhost:8080"
    public var allowedHosts = ["localhost", "127.0.0.1"]
    public var dataDirectory = ".packserve"
    public var publicDirectory = "Public"
    public var signing = Signing()
    public var packURLs = PackURLStyle.blobs
    public var limits = Limits()
    /// Publish the sample packs of `SampleCatalog` when the index is empty (on in the shipped config.json).
    public var sampleCatalog = false
    /// swift-log level of the server's own messages: trace, debug, info, notice, warning, error, critical.
    public var logLevel = "info"
    /// The file this was loaded from, as given (`config.json`), so a problem found later (at start-up, such as
    /// a TLS certificate that does not load) is reported in the same `FILE: key: problem` form.
    public var file: String?

    public init() {}

    /// The admin API's limits derived from this configuration.
    public var adminLimits: AdminLimits {
        var a = AdminLimits()
        a.configured = limits
        a.plaintextClients = admin.plaintextClients.compactMap(IPNetwork.init)
        return a
    }

    /// The HTTP core's settings derived from this configuration.
    public var httpServer: HTTPServerConfiguration {
        var c = HTTPServerConfiguration(host: listen.host, port: listen.port)
        c.plaintextEnabled = listen.enabled
        c.plaintextProxyProtocol = listen.proxyProtocol
        c.trustedProxies = trustedProxies.compactMap(IPNetwork.init)
        c.maxConnections = limits.maxConnections
        c.maxHeaderBytes = limits.maxHeaderBytes
        c.headerTimeoutSeconds = limits.headerTimeoutSeconds
        c.idleTimeoutSeconds = limits.idleTimeoutSeconds
        c.writeTimeoutSeconds = limits.writeTimeoutSeconds
        return c
    }
}
