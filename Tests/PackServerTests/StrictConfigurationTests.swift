import Foundation
import Glibc
import Logging
import Manifest
import Testing

@testable import PackServer

/// Issue 19, item 7: config.json is strict (docs/configuration-files.md). Through Foundation and
/// swift-configuration, `"port": true` listened on port 1, a second `allowedHosts` silently replaced the
/// first, trailing commas passed, a `publicBaseURL` with a query and fragment put `#z/blobs/…` into
/// manifests, a missing `publicDirectory` passed and a 0666 signing key was used without a word.
@Suite struct StrictConfigurationTests {
    /// A fresh directory with `Public/` and `json` as config.json; returns the error's text, nil if it loads.
    private func error(_ json: String) async -> String? {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strict-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: directory.appendingPathComponent("Public"), withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("config.json").path
        try! Data(json.utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try await PackServeConfiguration.load(path: path, environment: [:])
            return nil
        } catch {
            return error.description.replacingOccurrences(of: directory.path + "/", with: "")
        }
    }

    @Test func aWrongTypeNamesTheKeyAndWhereItIs() async {
        #expect(await error(#"{"listen": {"port": true}}"#) == "config.json:1:21: listen.port: must be a whole number, not true")
        #expect(await error(#"{"listen": {"port": 8080.0}}"#) == "config.json:1:21: listen.port: must be a whole number, not 8080.0")
        #expect(await error(#"{"allowedHosts": "localhost"}"#)
            == #"config.json:1:18: allowedHosts: must be an array of strings, not "localhost""#)
        #expect(await error(#"{"sampleCatalog": 1}"#) == "config.json:1:19: sampleCatalog: must be true or false, not 1")
    }

    @Test func aDuplicateKeyIsRefused() async {
        let twoAllowLists = """
            {
              "allowedHosts": ["localhost"],
              "allowedHosts": ["evil.example", "localhost"]
            }
            """
        #expect(await error(twoAllowLists) == #"config.json:3:3: duplicate key "allowedHosts""#)
        #expect(await error(#"{"listen": {"port": 1, "port": 2}}"#) == #"config.json:1:24: duplicate key "listen.port""#)
    }

    @Test func trailingCommasAreRefused() async {
        #expect(await error(#"{"logLevel": "info",}"#) == "config.json:1:21: a trailing comma before }")
        #expect(await error(#"{"allowedHosts": ["localhost",]}"#) == "config.json:1:31: a trailing comma before ]")
    }

    @Test func anUnknownKeyNamesItsPathAndTheAllowedKeys() async {
        #expect(await error(#"{"listen": {"prot": 1}}"#)
            == #"config.json:1:13: unknown key "listen.prot" (allowed: enabled, host, port, proxyProtocol)"#)
    }

    @Test(arguments: ["http://localhost:8080/?x=1", "http://localhost:8080/#z", "http://localhost:8080?#z"])
    func publicBaseURLHasNoQueryOrFragment(url: String) async {
        #expect(await error(#"{"publicBaseURL": "\#(url)"}"#)
            == "config.json:1:19: publicBaseURL: must have no query or fragment, not \"\(url)\"")
    }

    @Test func aMissingPublicDirectoryIsRefused() async {
        let message = await error(#"{"publicDirectory": "nowhere"}"#)
        #expect(message?.hasPrefix("config.json:1:21: publicDirectory: ") == true, "\(message ?? "accepted")")
        #expect(message?.contains("nowhere") == true)
        #expect(await error(#"{"publicDirectory": "Public"}"#) == nil)
    }

    // MARK: Secret files (as ssh refuses a private key others can read)

    private func temporaryFile(_ name: String) -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("keys-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent(name).path
    }

    @Test(arguments: [0o644, 0o666, 0o640] as [mode_t])
    func aSigningKeyOthersCanReadIsRefused(mode: mode_t) throws {
        var configuration = PackServeConfiguration()
        configuration.signing.privateKey = temporaryFile("manifest-signing.key")
        try SigningKey().writePrivateKey(to: configuration.signing.privateKey)
        #expect(throws: Never.self) { try SigningKeyFile.load(configuration, logger: Logger(label: "test")) }
        #expect(chmod(configuration.signing.privateKey, mode) == 0)
        let path = configuration.signing.privateKey
        #expect(throws: ManifestError.keyFile(
            path: path, problem: "is accessible to group or others (mode 0\(String(mode, radix: 8))): run chmod 600 \(path)"))
        {
            try SigningKeyFile.load(configuration, logger: Logger(label: "test"))
        }
    }

    @Test func aURLSigningSecretOthersCanReadIsRefused() throws {
        let path = temporaryFile(URLSigningSecret.fileName)
        try Data((Data(repeating: 7, count: 32).base64EncodedString() + "\n").utf8).write(to: URL(fileURLWithPath: path))
        #expect(chmod(path, 0o600) == 0)
        #expect(throws: Never.self) { try URLSigningSecret.read(path) }
        #expect(chmod(path, 0o644) == 0)
        #expect(throws: ManifestError.keyFile(path: path, problem: "is accessible to group or others (mode 0644): run chmod 600 \(path)")) {
            try URLSigningSecret.read(path)
        }
    }
}
