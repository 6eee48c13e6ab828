import Foundation
import HTTPServer
import Testing

@testable import PackServer

/// `trustedProxies`, `listen.proxyProtocol` and `tls.listen.proxyProtocol` (docs/http.md "Client address
/// behind a proxy"; docs/configuration-files.md): read strictly, checked, and handed to the HTTP core.
@Suite struct TrustedProxiesConfigurationTests {
    /// Writes `json` as config.json in a fresh directory (with its `Public/`); returns the file's path.
    private func write(_ json: String) -> (directory: String, path: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("proxies-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: directory.appendingPathComponent("Public"), withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("config.json").path
        try! Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return (directory.path, path)
    }

    private func load(_ json: String, environment: [String: String] = [:]) async throws -> PackServeConfiguration {
        try await PackServeConfiguration.load(path: write(json).path, environment: environment)
    }

    /// The error's text with the directory taken out, nil if the file loads.
    private func error(_ json: String, environment: [String: String] = [:]) async -> String? {
        let (directory, path) = write(json)
        do {
            _ = try await PackServeConfiguration.load(path: path, environment: environment)
            return nil
        } catch {
            return error.description.replacingOccurrences(of: directory + "/", with: "")
        }
    }

    @Test func theDefaultsTrustNoProxyAndReadNoHeader() async throws {
        let config = try await load("{}")
        #expect(config.trustedProxies.isEmpty && !config.listen.proxyProtocol && !config.tls.listen.proxyProtocol)
        #expect(config.httpServer.trustedProxies.isEmpty && !config.httpServer.plaintextProxyProtocol)
    }

    @Test func configuredValuesReachTheHTTPCore() async throws {
        let json = #"{"trustedProxies": ["127.0.0.1/32", "10.0.0.0/8", "fd00::/8"], "listen": {"proxyProtocol": true}, "tls": {"listen": {"proxyProtocol": true}}}"#
        let config = try await load(json)
        #expect(config.httpServer.trustedProxies.map { $0.description } == ["127.0.0.1/32", "10.0.0.0/8", "fd00::/8"])
        #expect(config.httpServer.plaintextProxyProtocol && config.tls.listen.proxyProtocol)
    }

    @Test func theEnvironmentGivesTheListAsCommaSeparatedValues() async throws {
        let config = try await load("{}", environment: ["PACKSERVE_TRUSTEDPROXIES": "127.0.0.1,10.0.0.0/8"])
        #expect(config.trustedProxies == ["127.0.0.1", "10.0.0.0/8"])
    }

    @Test(arguments: [
        (#"{"trustedProxies": ["10.0.0.0/8", "10.0.0.0/33"]}"#,
         #"config.json:1:35: trustedProxies[1]: "10.0.0.0/33" is not an address or a network such as 10.0.0.0/8"#),
        (#"{"trustedProxies": "10.0.0.0/8"}"#,
         #"config.json:1:20: trustedProxies: must be an array of strings, not "10.0.0.0/8""#),
        (#"{"listen": {"proxyProtocol": "yes"}}"#,
         #"config.json:1:30: listen.proxyProtocol: must be true or false, not "yes""#),
        (#"{"listen": {"proxyProtocol": true}}"#,
         "config.json:1:30: listen.proxyProtocol: is true but trustedProxies is empty: every connection would be refused; list the proxies' addresses"),
        (#"{"tls": {"enabled": true, "listen": {"proxyProtocol": true}}}"#,
         "config.json:1:55: tls.listen.proxyProtocol: is true but trustedProxies is empty: every connection would be refused; list the proxies' addresses"),
        (#"{"listen": {"proxyProtcol": true}}"#, #"config.json:1:13: unknown key "listen.proxyProtcol""#),
    ])
    func aMistakeIsRefusedWithItsPlace(json: String, expected: String) async {
        let message = await error(json)
        #expect(message == expected || message?.hasPrefix(expected) == true, "\(message ?? "loaded")")
    }

    @Test func aBadEntryFromTheEnvironmentNamesTheVariable() async {
        let message = await error("{}", environment: ["PACKSERVE_TRUSTEDPROXIES": "10.0.0.0/8,proxy"])
        #expect(message == #"config.json: trustedProxies[1] (from PACKSERVE_TRUSTEDPROXIES): "proxy" is not an address or a network such as 10.0.0.0/8"#)
    }

    @Test func theListIsBounded() async {
        let entries = (0..<257).map { "\"10.0.\($0 / 256).\($0 % 256)\"" }.joined(separator: ", ")
        let message = await error(#"{"trustedProxies": [\#(entries)]}"#)
        #expect(message?.hasSuffix("trustedProxies: must have at most 256 entries, not 257") == true, "\(message ?? "loaded")")
    }
}
