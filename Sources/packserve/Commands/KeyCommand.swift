import ArgumentParser
import Foundation
import Manifest
import PackServer

/// `packserve key [--out FILE]`: the public half of the configured signing key (`signing.privateKey`), for
/// `verify --key` and for pinning in an app. `serve` and `publish` create only the private key; this prints
/// what clients need from it and never creates or changes a key.
struct KeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "key",
        abstract: "Print the configured signing key's public key (SPKI PEM), key id and raw base64 form for pinning.")

    @ParentCommand var root: PackServe

    @Option(help: "Write the SPKI PEM public key to this file (for verify --key) instead of printing it.")
    var out: String?

    func run() async throws {
        let config = try await CommandContext.loadConfiguration(path: root.config)
        guard let key = try SigningKeys.publicHalf(config) else {
            throw CommandFailure(
                "no signing key at \(config.signing.privateKey): serve or publish creates it when signing.generateIfMissing is true")
        }
        if let out {
            try write(key, to: out)
            print("public key:  \(out)")
        } else {
            print(key.pem, terminator: key.pem.hasSuffix("\n") ? "" : "\n")
        }
        for line in PublicKeySummary.lines(key) { print(line) }
    }

    /// Creates the directory if needed; a file that already holds this key is fine (the command can be rerun),
    /// any other file is not replaced.
    private func write(_ key: VerificationKey, to path: String) throws {
        if let existing = FileManager.default.contents(atPath: path), String(decoding: existing, as: UTF8.self) == key.pem {
            return
        }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure("cannot create \(directory): \(error.localizedDescription)")
        }
        do { try key.writePEM(to: path) } catch { throw CommandFailure(error.description) }
    }
}
