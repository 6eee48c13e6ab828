import Configuration
import Foundation
import HTTP1
import HTTPServer
import JSONText

extension PackServeConfiguration {
    /// `cache`: how long shared caches (a CDN in front) may keep documents and packs, and the header that
    /// names what each response depends on (docs/http.md "Caching").
    public struct Cache: Sendable, Equatable {
        /// `s-maxage` of documents and `/packs/{id}`: a shared cache serves them this long without asking.
        public var sharedMaxAgeSeconds = 60
        /// The surrogate-key header: `xkey` (Varnish's xkey module), `Surrogate-Key` (Fastly), `Cache-Tag`
        /// (Cloudflare).
        public var surrogateKeyHeader = "xkey"
        /// The caches told what changed when a release goes live (`CachePurger`); none by default.
        public var purge: [PurgeEndpoint] = []
    }

    /// `cache.purge` in config.json: an array of `{"url", "method", "headersFile"}` objects, which the flat
    /// keys of swift-configuration cannot hold, so it is read from the strictly parsed file itself.
    static let purgeShape = JSONShape.array(
        of: .object(members: ["url": .string, "method": .string, "headersFile": .string], required: ["url"]))

    /// The endpoints of a file whose shape was checked against `purgeShape`.
    static func purgeEndpoints(in root: JSONNode) -> [PurgeEndpoint] {
        guard case .array(let items) = root["cache"]?["purge"]?.kind else { return [] }
        return items.map { item in
            PurgeEndpoint(url: item["url"]?.string ?? "", method: item["method"]?.string ?? "PURGE", headersFile: item["headersFile"]?.string)
        }
    }

    func validateCache() throws(ConfigurationError) {
        // RFC 9110 §5.1: a field name is a token.
        guard cache.surrogateKeyHeader.utf8.allSatisfy(HTTPGrammar.isTokenByte), !cache.surrogateKeyHeader.isEmpty else {
            throw .key("cache.surrogateKeyHeader", "\"\(cache.surrogateKeyHeader)\" is not a header name such as xkey or Surrogate-Key")
        }
        for (index, endpoint) in cache.purge.enumerated() {
            let url = URL(string: endpoint.url)
            guard let scheme = url?.scheme?.lowercased(), scheme == "http" || scheme == "https", url?.host != nil else {
                throw .key("cache.purge[\(index)].url", "\"\(endpoint.url)\" is not an http(s) URL")
            }
            guard !endpoint.method.isEmpty, endpoint.method.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "-") }) else {
                throw .key("cache.purge[\(index)].method", "\"\(endpoint.method)\" is not a method such as PURGE or POST")
            }
        }
    }
}
