import Foundation
import Testing

@testable import PackServer

/// `cache` in config.json: lifetimes, the key header, and the purge endpoints (an array of objects, read from
/// the strictly parsed file).
@Suite struct CacheConfigurationTests {
    /// Loads `json` as config.json in a fresh directory (with `Public/`); the configuration or the error's text.
    private func load(_ json: String) async -> Result<PackServeConfiguration, ConfigurationError> {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cache-config-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: directory.appendingPathComponent("Public"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("config.json").path
        try! Data(json.utf8).write(to: URL(fileURLWithPath: path))
        do {
            var configuration = try await PackServeConfiguration.load(path: path, environment: [:])
            // Relative paths were resolved against the file's directory.
            for index in configuration.cache.purge.indices {
                configuration.cache.purge[index].headersFile = configuration.cache.purge[index].headersFile?
                    .replacingOccurrences(of: directory.path + "/", with: "")
            }
            return .success(configuration)
        } catch {
            return .failure(ConfigurationError(error.description.replacingOccurrences(of: directory.path + "/", with: "")))
        }
    }

    @Test func purgeEndpointsAreReadWithTheirDefaults() async throws {
        let json = #"""
            {"cache": {"sharedMaxAgeSeconds": 30, "surrogateKeyHeader": "Surrogate-Key",
                       "purge": [{"url": "http://127.0.0.1:6081/"},
                                 {"url": "https://api.cdn.example/purge", "method": "POST", "headersFile": "cdn.headers"}]}}
            """#
        let cache = try await load(json).get().cache
        #expect(cache.sharedMaxAgeSeconds == 30 && cache.surrogateKeyHeader == "Surrogate-Key")
        #expect(cache.purge == [
            PurgeEndpoint(url: "http://127.0.0.1:6081/"),
            PurgeEndpoint(url: "https://api.cdn.example/purge", method: "POST", headersFile: "cdn.headers"),
        ])
        #expect(try await load("{}").get().cache == PackServeConfiguration.Cache())
    }

    @Test(arguments: [
        (#"{"cache": {"purge": [{"url": "http://a/", "token": "x"}]}}"#, "unknown key"),
        (#"{"cache": {"purge": [{"method": "PURGE"}]}}"#, "url"),
        (#"{"cache": {"purge": {"url": "http://a/"}}}"#, "cache.purge: must be an array"),
        (#"{"cache": {"purge": [{"url": "ftp://a/"}]}}"#, #"cache.purge[0].url: "ftp://a/" is not an http(s) URL"#),
        (#"{"cache": {"purge": [{"url": "http://a/", "method": "PUR GE"}]}}"#, "cache.purge[0].method"),
        (#"{"cache": {"surrogateKeyHeader": "x key"}}"#, "cache.surrogateKeyHeader"),
        (#"{"cache": {"sharedMaxAgeSeconds": -1}}"#, "cache.sharedMaxAgeSeconds: must be between 0 and 86400"),
    ])
    func mistakesAreNamed(json: String, expected: String) async {
        guard case .failure(let error) = await load(json) else {
            Issue.record("\(json) was accepted")
            return
        }
        #expect(error.description.hasPrefix("config.json:"), "\(error)")
        #expect(error.description.contains(expected), "\(error)")
    }
}
