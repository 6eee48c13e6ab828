import Foundation
import Manifest
import Testing

@testable import PackServer

/// config.json + environment through swift-configuration: defaults, overrides, one-line errors.
@Suite struct ConfigurationLoadingTests {
    /// Writes `json` as config.json in a fresh directory and loads it with `environment`.
    private func load(_ json: String, environment: [String: String] = [:]) async throws(ConfigurationError)
        -> PackServeConfiguration
    {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString)")
        // `Public/`: the default publicDirectory, which must exist.
        try! FileManager.default.createDirectory(at: directory.appendingPathComponent("Public"), withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("config.json").path
        try! Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return try await PackServeConfiguration.load(path: path, environment: environment)
    }

    /// The error's text with the temporary directory taken out (`config.json:1:2: …`), nil if it loads.
    private func error(_ json: String, environment: [String: String] = [:]) async -> String? {
        do {
            _ = try await load(json, environment: environment)
            return nil
        } catch {
            return error.description.replacing(#/\/\S*\/config-[0-9A-F-]+\//#, with: "")
        }
    }

    @Test func theShippedConfigLoadsWithTheContractDefaults() async throws {
        let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("config.json").path
        let config = try await PackServeConfiguration.load(path: shipped, environment: [:])
        #expect(config.listen.port == 8080)
        #expect(config.allowedHosts == ["localhost", "@local"])
        #expect(config.packURLs == .blobs)
        #expect(config.limits.maxRanges == 16)
        #expect(config.limits.maxPackBytes == 8_589_934_592)
        #expect(config.signing.manifestLifetimeHours == 168)
        #expect(config.sampleCatalog)
        #expect(config.metrics == .init(enabled: true, host: "127.0.0.1", port: 9464))
        // Relative paths are resolved against the config file's directory, not the working directory.
        #expect(config.dataDirectory.hasSuffix("/.packserve") && config.dataDirectory.hasPrefix("/"))
        #expect(config.publicDirectory == URL(fileURLWithPath: shipped).deletingLastPathComponent()
            .appendingPathComponent("Public").path)
    }

    @Test func missingKeysTakeTheirDefaults() async throws {
        let config = try await load("{}")
        #expect(config.listen.host == "0.0.0.0")
        #expect(config.limits.maxConnections == 10_000)
        #expect(config.logLevel == "info")
        #expect(!config.sampleCatalog)
    }

    @Test func environmentOverridesTheFile() async throws {
        let config = try await load(
            #"{"listen": {"port": 9100}, "publicBaseURL": "http://a.example"}"#,
            environment: [
                "PACKSERVE_LISTEN_PORT": "9123", "PACKSERVE_PUBLICBASEURL": "https://assets.example.com:8443",
                "PACKSERVE_ALLOWEDHOSTS": "assets.example.com,*.cdn.example.com",
                "PACKSERVE_LIMITS_MAXRANGES": "4", "PACKSERVE_MANIFEST_PACKURLS": "packs",
            ])
        #expect(config.listen.port == 9123)
        #expect(config.publicBaseURL == "https://assets.example.com:8443")
        #expect(config.allowedHosts == ["assets.example.com", "*.cdn.example.com"])
        #expect(config.limits.maxRanges == 4)
        #expect(config.packURLs == .packs)
    }

    @Test(arguments: [
        (#"{"limts": {}}"#, "limts"),
        (#"{"listen": {"prot": 1}}"#, "listen.prot"),
        (#"{"listen": {"port": "eighty"}}"#, "listen.port"),
        (#"{"listen": {"port": 70000}}"#, "listen.port"),
        (#"{"limits": {"maxRanges": 0}}"#, "limits.maxRanges"),
        (#"{"manifest": {"packURLs": "cdn"}}"#, "manifest.packURLs"),
        (#"{"publicBaseURL": "ftp://x"}"#, "publicBaseURL"),
        (#"{"allowedHosts": []}"#, "allowedHosts"),
        (#"{"publicBaseURL": "https://cdn.example.net", "allowedHosts": ["*.example.com"]}"#, "publicBaseURL"),
        (#"{"logLevel": "loud"}"#, "logLevel"),
        (#"{"signing": {"generateIfMissing": "yes"}}"#, "signing.generateIfMissing"),
    ])
    func aBadValueIsOneLineNamingTheKey(json: String, key: String) async {
        let message = await error(json)
        #expect(message?.contains(key) == true, "\(message ?? "no error")")
        #expect(message?.contains("\n") == false)
    }

    /// Issue 8: a lifetime near Int64.max passed validation and `publish` then trapped on `now + lifetime`.
    /// Every numeric key has a range whose arithmetic cannot overflow, and its error names the range.
    @Test(arguments: [
        ("signing", "manifestLifetimeHours", "1 and 87660", 87_660),
        ("signing", "manifestLifetimeSeconds", "0 and 315576000", 315_576_000),
        ("limits", "maxPackBytes", "1 and 1099511627776", 1_099_511_627_776),
        ("limits", "maxEssentialBytes", "0 and 1099511627776", 1_099_511_627_776),
        ("limits", "maxRanges", "1 and 1000", 1000),
        ("limits", "maxHeaderBytes", "1024 and 1048576", 1_048_576),
        ("limits", "headerTimeoutSeconds", "1 and 86400", 86_400),
        ("limits", "idleTimeoutSeconds", "1 and 86400", 86_400),
        ("limits", "writeTimeoutSeconds", "1 and 86400", 86_400),
        ("limits", "maxConnections", "1 and 1000000", 1_000_000),
        ("listen", "port", "0 and 65535", 65535),
    ])
    func numericKeysAreBounded(section: String, name: String, range: String, largest: Int) async throws {
        let key = "\(section).\(name)"
        // Where the value starts in `{"section": {"name": value}}`: a range problem is placed like a type problem.
        let column = 11 + section.count + name.count
        let accepted = try await load(#"{"\#(section)": {"\#(name)": \#(largest)}}"#)
        #expect(accepted.numericBounds.first { $0.key == key }?.value == Int64(largest))
        for tooLarge in [largest + 1, Int.max] {
            let message = await error(#"{"\#(section)": {"\#(name)": \#(tooLarge)}}"#)
            #expect(message == "config.json:1:\(column): \(key): must be between \(range), not \(tooLarge)")
        }
        let tooSmall = Int(range.split(separator: " ")[0])! - 1
        let message = await error(#"{"\#(section)": {"\#(name)": \#(tooSmall)}}"#)
        #expect(message == "config.json:1:\(column): \(key): must be between \(range), not \(tooSmall)")
    }

    /// The environment goes through the same bounds as the file.
    @Test func anOverflowingEnvironmentValueIsRefused() async {
        let message = await error("{}", environment: ["PACKSERVE_SIGNING_MANIFESTLIFETIMEHOURS": "9223372036854775807"])
        #expect(message == "config.json: signing.manifestLifetimeHours (from PACKSERVE_SIGNING_MANIFESTLIFETIMEHOURS): "
            + "must be between 1 and 87660, not 9223372036854775807")
    }

    /// A misspelt variable would otherwise be ignored without a word.
    @Test func anUnknownPackServeVariableIsRefusedByName() async {
        let message = await error("{}", environment: ["PACKSERVE_LISTEN_PROT": "9000", "PATH": "/usr/bin"])
        #expect(message == "environment variable PACKSERVE_LISTEN_PROT names no configuration key (see docs/configuration-files.md)")
        #expect(await error("{}", environment: ["PACKSERVE_CONFIG": "x", "PACKSERVE_TLS_LISTEN_PORT": "9443"]) == nil)
        // The object store's credentials are PackServe's variables too, though no key (docs/object-storage.md).
        #expect(await error("{}", environment: ["PACKSERVE_S3_ACCESS_KEY_ID": "k", "PACKSERVE_S3_SECRET_ACCESS_KEY": "s"]) == nil)
    }

    @Test func aBadEnvironmentValueNamesTheVariable() async {
        let message = await error("{}", environment: ["PACKSERVE_LISTEN_PORT": "http"])
        #expect(message?.contains("PACKSERVE_LISTEN_PORT") == true, "\(message ?? "no error")")
    }

    @Test func malformedJSONAndMissingFilesAreOneLine() async {
        let malformed = await error("{\"listen\": ")
        #expect(malformed?.hasSuffix("config.json:1:12: the end of the document where a value should be") == true, "\(malformed ?? "")")
        #expect(malformed?.contains("\n") == false)
        do {
            _ = try await PackServeConfiguration.load(path: "/nonexistent/config.json", environment: [:])
            Issue.record("loading a missing file succeeded")
        } catch {
            #expect(error.description.hasPrefix("config file not found: /nonexistent/config.json; "))
        }
    }

    @Test func theHTTPServerSettingsFollowTheLimits() async throws {
        let config = try await load(#"{"limits": {"maxHeaderBytes": 4096, "headerTimeoutSeconds": 3}}"#)
        #expect(config.httpServer.maxHeaderBytes == 4096)
        #expect(config.httpServer.headerTimeoutSeconds == 3)
    }

    /// `metrics` (docs/metrics.md): off unless asked for; a `listen` object asks, `null` or
    /// `enabled: false` refuse, and the environment decides over both.
    @Test func theMetricsListenerIsOnOnlyWhenAskedFor() async throws {
        let absent = try await load("{}")
        #expect(!absent.metrics.enabled && absent.metrics.host == "127.0.0.1" && absent.metrics.port == 9464)
        let given = try await load(#"{"metrics": {"listen": {"host": "127.0.0.1", "port": 9500}}}"#)
        #expect(given.metrics.enabled && given.metrics.port == 9500)
        #expect(given.metricsServer.port == 9500 && given.metricsServer.eventLoopCount == 1)
        #expect(try await !load(#"{"metrics": {"listen": null}}"#).metrics.enabled)
        #expect(try await !load(#"{"metrics": {"enabled": false, "listen": {"port": 9500}}}"#).metrics.enabled)
        #expect(try await load("{}", environment: ["PACKSERVE_METRICS_ENABLED": "true"]).metrics.enabled)
        let switchedOff = try await load(
            #"{"metrics": {"listen": {"port": 9500}}}"#, environment: ["PACKSERVE_METRICS_ENABLED": "false"])
        #expect(!switchedOff.metrics.enabled)
        let moved = try await load(
            #"{"metrics": {"listen": {}}}"#, environment: ["PACKSERVE_METRICS_LISTEN_PORT": "9999"])
        #expect(moved.metrics.enabled && moved.metrics.port == 9999)
    }

    @Test(arguments: [
        (#"{"metrics": {"listen": {"port": 70000}}}"#, "metrics.listen.port"),
        (#"{"listen": {"port": 9100}, "metrics": {"listen": {"port": 9100}}}"#, "metrics.listen.port"),
        (#"{"metrics": {"listen": {"host": ""}}}"#, "metrics.listen.host"),
        (#"{"metrics": {"listen": {"prot": 1}}}"#, "metrics.listen.prot"),
        (#"{"metrics": {"enabled": "yes"}}"#, "metrics.enabled"),
        (#"{"metrics": null}"#, "metrics"),
    ])
    func badMetricsSettingsNameTheirKey(json: String, key: String) async {
        let message = await error(json)
        // A range problem names `'key'`; a syntax or type problem `key:` or `"key"`, after its line and column.
        let named = ["'\(key)'", " \(key): ", "\"\(key)\""].contains { message?.contains($0) == true }
        #expect(named, "\(message ?? "accepted")")
    }
}