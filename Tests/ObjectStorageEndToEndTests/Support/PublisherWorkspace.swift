import Foundation
import PackServeTesting

/// A publisher's data directory and config.json with `storage.type: s3` on a test cluster's bucket, driven
/// through the real `packserve` binary (found beside the test executable, as `swift build` leaves it).
final class PublisherWorkspace {
    let directory: String
    let configPath: String
    let binary: String

    let cluster: RGWCluster
    let credentialsPath: String

    init(cluster: RGWCluster, bucket: String, retainSeconds: Int = 0) throws {
        self.cluster = cluster
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("packserve-publisher-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory + "/public", withIntermediateDirectories: true)
        binary = try Self.binaryPath()
        credentialsPath = directory + "/s3.credentials"
        _ = FileManager.default.createFile(
            atPath: credentialsPath,
            contents: Data("access_key_id=\(cluster.credentials.accessKeyID)\nsecret_access_key=\(cluster.credentials.secretAccessKey)\n".utf8),
            attributes: [.posixPermissions: 0o600])
        configPath = directory + "/config.json"
        try configure(bucket: bucket, retainSeconds: retainSeconds)
    }

    /// Writes config.json naming `bucket` on the cluster.
    func configure(bucket: String, retainSeconds: Int = 0) throws {
        try ServerSettings(
            publicDirectory: directory + "/public", dataDirectory: directory + "/data",
            overrides: [
                "storage": [
                    "type": "s3", "endpoint": cluster.endpoint.absoluteString, "bucket": bucket, "region": cluster.region,
                    "credentialsFile": credentialsPath, "retainSeconds": retainSeconds,
                ] as [String: any Sendable],
                "replica": ["prepareSeconds": 0] as [String: any Sendable],
                "logLevel": "warning",
            ]
        ).write(to: configPath)
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    /// Starts `packserve --config … <arguments>` without waiting for it.
    func spawn(_ arguments: [String]) throws -> SpawnedProcess {
        try SpawnedProcess(
            binary, ["--config", configPath] + arguments, outputPath: directory + "/out-\(UUID().uuidString).txt")
    }

    /// Runs a command to its end: its exit status and output.
    @discardableResult
    func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = try spawn(arguments)
        let status = process.wait()
        return (status, process.output)
    }

    /// Writes `count` pseudo-random bytes to a file of the workspace.
    func randomFile(_ name: String, count: Int, seed: UInt64) throws -> String {
        let path = try TestFiles.make(bytes: count, seed: seed)
        let destination = directory + "/" + name
        try? FileManager.default.removeItem(atPath: destination)
        try FileManager.default.moveItem(atPath: path, toPath: destination)
        return destination
    }

    /// `.build/debug/packserve` beside the test executable (on macOS, a few levels above it).
    static func binaryPath() throws -> String {
        var directory = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("packserve").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        throw ClusterError("the packserve binary is missing beside the test executable: build it with `swift build` first")
    }
}
