import Foundation
import PackServeTesting

/// A pack store in a temporary directory, driven through the real `packserve` CLI with a config.json
/// of its own; `serve()` starts a server on the same data directory, as an operator would run them.
package final class StoreWorkspace {
    package let directory: TemporaryDirectory
    package let configPath: String
    package let dataDirectory: String
    package let publicDirectory: String
    package let binary: String

    package init() throws {
        directory = try TemporaryDirectory("packserve-e2e-store")
        binary = try PackServeBinary.path()
        configPath = directory.file("config.json")
        dataDirectory = directory.file("data")
        publicDirectory = try directory.directory("public")
        try ServerSettings(publicDirectory: publicDirectory, dataDirectory: dataDirectory).write(to: configPath)
    }

    /// Rewrites the CLI's config.json with `overrides` (top-level keys, as `serve(overrides:)` takes them).
    package func reconfigure(_ overrides: [String: any Sendable]) throws {
        try ServerSettings(publicDirectory: publicDirectory, dataDirectory: dataDirectory, overrides: overrides)
            .write(to: configPath)
    }

    package var blobRoot: String { "\(dataDirectory)/blobs/sha256" }
    package var tempDirectory: String { "\(dataDirectory)/tmp" }

    package func blobPath(_ sha256: String) -> String { "\(blobRoot)/\(sha256.prefix(2))/\(sha256)" }

    /// Starts `packserve <arguments>` on this store without waiting for it.
    package func spawn(_ arguments: [String], environment: [String: String] = [:]) throws -> ChildProcess {
        try ChildProcess(
            binary, ["--config", configPath] + arguments,
            environment: RunningPackServe.environment(adding: environment), directory: directory.path)
    }

    /// How long a command may take before it counts as hung: generous, because a full run starts hundreds of
    /// tests at once on two cores, and a command that takes a second alone can then wait a minute for a core
    /// (`check` of a 64 MiB pack did, in a full run of 2026-11-29).
    package static let commandTimeout: Duration = .seconds(180)

    /// Runs a command to completion and returns it whatever its exit status (see `status`).
    package func attempt(_ arguments: [String], environment: [String: String] = [:], timeout: Duration = commandTimeout)
        async throws -> StoreCommandResult
    {
        let child = try spawn(arguments, environment: environment)
        let status = try await child.exitStatus(within: timeout)
        return StoreCommandResult(
            commandLine: child.commandLine, status: status, stdout: child.stdout.text, stderr: child.stderr.text)
    }

    /// Runs a command that must succeed; throws with its output otherwise.
    @discardableResult
    package func run(_ arguments: [String], environment: [String: String] = [:], timeout: Duration = commandTimeout)
        async throws -> StoreCommandResult
    {
        let result = try await attempt(arguments, environment: environment, timeout: timeout)
        guard result.status == 0 else { throw EndToEndFailure("\(result)") }
        return result
    }

    /// `serve` on this store's data directory and signing key (port 0, loopback).
    /// `overrides` replaces further top-level config keys (e.g. `tls`).
    package func serve(environment: [String: String] = [:], overrides: [String: any Sendable] = [:]) async throws -> RunningPackServe {
        try await RunningPackServe(
            publicDirectory: publicDirectory,
            overrides: [
                "dataDirectory": dataDirectory,
                "signing": ["privateKey": "\(dataDirectory)/keys/manifest-signing.key", "generateIfMissing": true] as [String: any Sendable],
            ].merging(overrides) { $1 },
            environment: environment)
    }

    /// Writes `count` random bytes to `name` in the workspace.
    package func randomFile(_ name: String, count: Int) throws -> String {
        try directory.randomFile(name, count: count)
    }
}
