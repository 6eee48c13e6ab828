import HTTPServer
import Manifest

/// Every key config.json may hold, once (see `ConfigurationKey`), in the order docs/configuration.md lists
/// them. `cache.purge`, an array of objects, is the one key outside it: swift-configuration's flat keys cannot
/// hold it, so it is read from the parsed file (`purgeEndpoints`).
enum ConfigurationKeys {
    static var all: [ConfigurationKey] {
        server + signing + limits + tls + operations + storage + rollouts
    }

    private static var server: [ConfigurationKey] {
        [
            .string("listen.host", \.listen.host, "the plaintext listener's address"),
            .integer("listen.port", \.listen.port, in: 0...65535, "the plaintext listener's port (0: any free port)"),
            .boolean("listen.enabled", \.listen.enabled, "`false` serves HTTPS only"),
            .boolean(
                "listen.proxyProtocol", \.listen.proxyProtocol,
                "connections start with HAProxy's PROXY protocol header (v1 or v2) from a proxy in `trustedProxies`; every other connection is closed unanswered"),
            .string("publicBaseURL", \.publicBaseURL, "the URL devices reach this server by: manifests name pack URLs under it"),
            .strings(
                "allowedHosts", \.allowedHosts,
                "the hosts this server answers for (names, `*.suffix` patterns, `@local` for this machine's addresses); others get 421"),
            .string("dataDirectory", \.dataDirectory, "the index, blobs, keys and certificates"),
            .string("publicDirectory", \.publicDirectory, "the catalog page and static files served at /"),
            .choice(
                "manifest.packURLs", \.packURLs, PackURLStyle.allCases.map { ($0.rawValue, $0) },
                "pack URLs in documents: `blobs` (`/blobs/sha256/{hex}`, immutable) or `packs` (`/packs/{id}`)"),
            .boolean("sampleCatalog", \.sampleCatalog, "publish the sample packs when the index is empty"),
            .boolean(
                "catalog.requireCredentials", \.catalog.requireCredentials,
                "documents, packs and blobs only for requests with a `download` token (401 with a Basic challenge otherwise)"),
            .strings(
                "trustedProxies", \.trustedProxies,
                "addresses and CIDR networks of the proxies whose word on the client's address is believed (PROXY header, `X-Forwarded-For`)"),
            .strings(
                "admin.plaintextClients", \.admin.plaintextClients,
                "client networks whose plain-HTTP admin requests are answered; everyone else must use HTTPS"),
        ]
    }

    private static var signing: [ConfigurationKey] {
        [
            .string("signing.privateKey", \.signing.privateKey, "the Ed25519 manifest-signing key (PKCS#8 PEM)"),
            .boolean("signing.generateIfMissing", \.signing.generateIfMissing, "make the key when the file is missing"),
            .integer(
                "signing.manifestLifetimeHours", \.signing.manifestLifetimeHours, in: 1...ConfigurationBounds.tenYearsInHours,
                "how long a signed manifest is valid; it is renewed before it expires"),
            .integer(
                "signing.manifestLifetimeSeconds", \.signing.manifestLifetimeSeconds,
                in: 0...ConfigurationBounds.tenYearsInHours * 3600, "overrides the lifetime in hours when positive"),
            .strings(
                "signing.additionalPublicKeys", \.signing.additionalPublicKeys,
                "SPKI PEM files of further public keys for the JWKS (the next key, during a rotation)"),
        ]
    }

    private static var limits: [ConfigurationKey] {
        [
            .byteCount(
                "limits.maxPackBytes", \.limits.maxPackBytes, in: 1...ConfigurationBounds.oneTebibyte, "the largest pack `add` and uploads accept"),
            .integer(
                "limits.maxArchiveEntries", \.limits.maxArchiveEntries, in: 1...100_000_000,
                "entries of one Apple Archive `add` and uploads accept (32 bytes of memory each while it is read)"),
            .integer("limits.maxRanges", \.limits.maxRanges, in: 1...1000, "ranges in one request (more: the whole representation)"),
            .integer("limits.maxHeaderBytes", \.limits.maxHeaderBytes, in: 1024...1_048_576, "the largest request head (431 beyond)"),
            .integer(
                "limits.headerTimeoutSeconds", \.limits.headerTimeoutSeconds, in: 1...ConfigurationBounds.oneDayInSeconds,
                "a request head must arrive within this"),
            .integer(
                "limits.idleTimeoutSeconds", \.limits.idleTimeoutSeconds, in: 1...ConfigurationBounds.oneDayInSeconds,
                "an idle kept-alive connection is closed after this"),
            .integer(
                "limits.writeTimeoutSeconds", \.limits.writeTimeoutSeconds, in: 1...ConfigurationBounds.oneDayInSeconds,
                "a response that makes no progress this long is abandoned and its connection closed"),
            .integer("limits.maxConnections", \.limits.maxConnections, in: 1...1_000_000, "open connections at once"),
            .byteCount(
                "limits.maxEssentialBytes", \.limits.maxEssentialBytes, in: 0...ConfigurationBounds.oneTebibyte,
                "`check` fails when the essential packs add up to more (0: no limit); match the app's `BAEssentialDownloadAllowance`"),
            .integer(
                "limits.maxAdminBodyBytes", \.limits.maxAdminBodyBytes, in: 1024...16_777_216,
                "the largest admin JSON body (413 beyond, before it is read)"),
            .integer("limits.maxUploads", \.limits.maxUploads, in: 1...1000, "uploads running at once (503 beyond)"),
            .integer("limits.maxUploadsPerToken", \.limits.maxUploadsPerToken, in: 1...1000, "uploads running at once for one token (429 beyond)"),
            .integer(
                "limits.uploadMinBytesPerSecond", \.limits.uploadMinBytesPerSecond, in: 1...1_073_741_824,
                "an upload slower than this over any `limits.uploadWindowSeconds` is ended with 408"),
            .integer("limits.uploadWindowSeconds", \.limits.uploadWindowSeconds, in: 1...3600, "the window of the upload pace"),
        ]
    }

    private static var tls: [ConfigurationKey] {
        [
            .boolean("tls.enabled", \.tls.enabled, "the HTTPS listener"),
            .string("tls.listen.host", \.tls.listen.host, "its address"),
            .integer("tls.listen.port", \.tls.listen.port, in: 0...65535, "its port"),
            .boolean("tls.listen.proxyProtocol", \.tls.listen.proxyProtocol, "as `listen.proxyProtocol`, for the HTTPS listener"),
            .string("tls.certificate", \.tls.certificate, "PEM: the leaf first, then any intermediates"),
            .string("tls.privateKey", \.tls.privateKey, "PEM: RSA, ECDSA or Ed25519"),
            .boolean(
                "tls.generateIfMissing", \.tls.generateIfMissing,
                "make a development CA and a certificate for this machine's names when the files are missing"),
            .choice(
                "tls.minVersion", \.tls.minVersion, [("1.2", .tls12), ("1.3", .tls13)], "the oldest TLS version accepted"),
        ]
    }

    private static var rollouts: [ConfigurationKey] {
        [
            .integer(
                "rollouts.reportsPerNetworkPerHour", \.rollouts.reportsPerNetworkPerHour, in: 1...1_000_000,
                "device reports counted per client network (IPv4 /24, IPv6 /48) and hour; the rest answer 429"),
            .integer(
                "rollouts.halt.minReports", \.rollouts.halt.minReports, in: 1...1_000_000_000,
                "outcomes a rollout's candidate (and, to compare, its control) needs before it can halt by itself"),
            .fraction(
                "rollouts.halt.maxFailureRate", \.rollouts.halt.maxFailureRate,
                "the candidate's failure rate above which its rollout halts"),
            .fraction(
                "rollouts.halt.maxExcessOverControl", \.rollouts.halt.maxExcessOverControl,
                "how much more often than the control the candidate may fail before the comparison halts it"),
            .string(
                "rollouts.webhook.url", \.rollouts.webhook.url,
                "where each rollout halt is POSTed as JSON (`rollout.halted`), retried for an hour; empty: none"),
            .string(
                "rollouts.webhook.headersFile", \.rollouts.webhook.headersFile,
                "a file of `Name: value` lines sent with every webhook delivery (an `Authorization`); empty: none"),
        ]
    }

    private static var operations: [ConfigurationKey] {
        [
            .choice(
                "logLevel", \.logLevel, ["trace", "debug", "info", "notice", "warning", "error", "critical"].map { ($0, $0) },
                "the level of the server's own messages; the access log is separate"),
            .choice(
                "accessLog.format", \.accessLog.format, [("combined", .combined), ("json", .json), ("off", nil)],
                "one line per response: nginx's `combined` with extra fields, `json`, or `off`"),
            .string("accessLog.path", \.accessLog.path, "`-` for standard error, else a file opened for appending"),
            .boolean(
                "metrics.enabled", \.metrics.enabled,
                "the Prometheus listener; on by default when config.json has a `metrics.listen` object"),
            .string("metrics.listen.host", \.metrics.host, "its address (loopback: the numbers are for the operator)"),
            .integer("metrics.listen.port", \.metrics.port, in: 0...65535, "its port"),
            .integer(
                "cache.sharedMaxAgeSeconds", \.cache.sharedMaxAgeSeconds, in: 0...ConfigurationBounds.oneDayInSeconds,
                "how long a shared cache (a CDN in front) keeps documents and `/packs/{id}` before it revalidates"),
            .string(
                "cache.surrogateKeyHeader", \.cache.surrogateKeyHeader,
                "the header naming each answer's surrogate keys (`xkey`; `Surrogate-Key` for Fastly, `Cache-Tag` for Cloudflare)"),
        ]
    }

    private static var storage: [ConfigurationKey] {
        [
            .choice(
                "storage.type", \.storage.type, PackServeConfiguration.Storage.Kind.allCases.map { ($0.rawValue, $0) },
                "`local`: releases live in the data directory only; `s3`: each release is also published to an S3-compatible bucket"),
            .string("storage.endpoint", \.storage.endpoint, "the object store's URL (`http://127.0.0.1:7480`, `https://s3.example`)"),
            .string("storage.bucket", \.storage.bucket, "the bucket releases are published to"),
            .string("storage.region", \.storage.region, "the region the request signatures name"),
            .string("storage.prefix", \.storage.prefix, "a key prefix for every object (empty: the bucket's root)"),
            .choice(
                "storage.addressing", \.storage.addressing, PackServeConfiguration.Storage.Addressing.allCases.map { ($0.rawValue, $0) },
                "the bucket in the path (`path`: RGW, MinIO) or in the host name (`virtual`)"),
            .string(
                "storage.credentialsFile", \.storage.credentialsFile,
                "`access_key_id=…` and `secret_access_key=…` lines, mode 0600 (empty: the `PACKSERVE_S3_*` variables)"),
            .string("storage.caFile", \.storage.caFile, "PEM certificates to trust for an https endpoint (empty: the system's)"),
            .integer(
                "storage.retainSeconds", \.storage.retainSeconds, in: 0...ConfigurationBounds.tenYearsInHours * 3600,
                "`gc` keeps every bucket object a release published this recently names"),
            .boolean("replica.enabled", \.replica.enabled, "serve the bucket's releases read-only, without an index or a key"),
            .string("replica.cacheDirectory", \.replica.cacheDirectory, "a replica's local copy of the blobs it serves"),
            .byteCount(
                "replica.cacheMaxBytes", \.replica.cacheMaxBytes, in: 1...ConfigurationBounds.oneTebibyte * 1024,
                "the cache's bound: least recently used blobs go first, never the live release's"),
            .integer("replica.pollSeconds", \.replica.pollSeconds, in: 1...3600, "how often a replica asks for `current.json`"),
            .integer(
                "replica.prepareSeconds", \.replica.prepareSeconds, in: 0...ConfigurationBounds.oneDayInSeconds,
                "publisher: how far ahead a new release's go-live instant is set, for replicas to copy it first"),
            .string(
                "replica.publisherURL", \.replica.publisherURL,
                "the publisher a replica forwards its devices' report counts to each minute; empty: the replica takes no reports"),
            .string(
                "replica.publisherTokenFile", \.replica.publisherTokenFile,
                "a file holding the `reports`-scope token those forwards carry"),
            .string(
                "replica.publisherCAFile", \.replica.publisherCAFile,
                "PEM certificates to trust for an https publisherURL instead of the system's; empty: the system's"),
        ]
    }
}
