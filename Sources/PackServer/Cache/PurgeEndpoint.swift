/// One cache to tell when a release goes live (config `cache.purge`): where, with which method, and extra
/// header lines (an API token) read from a file so no secret sits in config.json.
public struct PurgeEndpoint: Sendable, Equatable {
    public var url: String
    /// `PURGE` (Varnish's convention, also what deploy/varnish/packserve.vcl accepts); a CDN's API may want POST.
    public var method = "PURGE"
    /// `Name: value` lines sent with every purge request; resolved against the config file's directory.
    public var headersFile: String?

    public init(url: String, method: String = "PURGE", headersFile: String? = nil) {
        self.url = url
        self.method = method
        self.headersFile = headersFile
    }
}
