import Dispatch
import Foundation
import HTTPClient

/// One endpoint of `cache.purge` as the purger sends to it: its header lines read (once, at start-up) and a
/// serial queue of its own, so a cache that is silent, slow or endless delays only its own purges.
struct PurgeTarget: Sendable {
    let endpoint: PurgeEndpoint
    let url: URL
    let headers: [(name: String, value: String)]
    /// One purge request at a time to this endpoint, in the order they were made.
    let queue: DispatchQueue

    /// Throws one line when the URL is not http(s) or the headers file cannot be read or parsed.
    init(_ endpoint: PurgeEndpoint, index: Int) throws(ConfigurationError) {
        let key = "cache.purge[\(index)]"
        guard let url = URL(string: endpoint.url), (try? ClientEndpoint(url)) != nil else {
            throw .key(key + ".url", "\"\(endpoint.url)\" is not an http(s) URL")
        }
        self.endpoint = endpoint
        self.url = url
        headers = try HeaderLinesFile.read(endpoint.headersFile, key: key + ".headersFile")
        queue = DispatchQueue(label: "packserve.cache-purge.\(index)")
    }
}
