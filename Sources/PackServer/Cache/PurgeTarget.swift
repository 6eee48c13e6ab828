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
        headers = try Self.headers(endpoint.headersFile, key: key)
        queue = DispatchQueue(label: "packserve.cache-purge.\(index)")
    }

    /// `Name: value` lines; blank lines and lines starting with `#` are skipped.
    private static func headers(_ path: String?, key: String) throws(ConfigurationError) -> [(name: String, value: String)] {
        guard let path else { return [] }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw .key(key + ".headersFile", "cannot read \(path)")
        }
        var headers: [(name: String, value: String)] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard let colon = trimmed.firstIndex(of: ":"), colon != trimmed.startIndex,
                !trimmed[..<colon].contains(" "), !trimmed.contains("\r")
            else { throw .key(key + ".headersFile", "\(path):\(number + 1): not a \"Name: value\" line") }
            headers.append((String(trimmed[..<colon]), trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        return headers
    }
}
