import Configuration

extension PackServeConfiguration {
    /// `cache`: how long shared caches (a CDN in front) may keep documents and packs, and the header that
    /// names what each response depends on (docs/http.md "Caching").
    public struct Cache: Sendable, Equatable {
        /// `s-maxage` of documents and `/packs/{id}`: a shared cache serves them this long without asking.
        public var sharedMaxAgeSeconds = 60
        /// The surrogate-key header: `xkey` (Varnish's xkey module), `Surrogate-Key` (Fastly), `Cache-Tag`
        /// (Cloudflare).
        public var surrogateKeyHeader = "xkey"
    }

    static var cacheDefaultValues: [String: ConfigContent] {
        let d = Cache()
        return [
            "cache.sharedMaxAgeSeconds": .int(d.sharedMaxAgeSeconds),
            "cache.surrogateKeyHeader": .string(d.surrogateKeyHeader),
        ]
    }

    mutating func readCache(_ r: ConfigReader) throws {
        cache.sharedMaxAgeSeconds = try r.requiredInt(forKey: "cache.sharedMaxAgeSeconds")
        cache.surrogateKeyHeader = try r.requiredString(forKey: "cache.surrogateKeyHeader")
    }

    func validateCache() throws(ConfigurationError) {
        // RFC 9110 §5.1: a field name is a token.
        let token = cache.surrogateKeyHeader.utf8.allSatisfy {
            ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) || ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z"))
                || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_")
        }
        guard token, !cache.surrogateKeyHeader.isEmpty else {
            throw .key("cache.surrogateKeyHeader", "\"\(cache.surrogateKeyHeader)\" is not a header name such as xkey or Surrogate-Key")
        }
    }
}
