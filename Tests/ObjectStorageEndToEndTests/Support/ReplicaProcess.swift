import Foundation
import PackServeTesting

/// `packserve serve --replica` in a network namespace of its own, listening on the namespace's address, reading
/// the test cluster's bucket through `storageEndpoint` (the balancer's forward of the gateway, reachable from
/// inside), its blob cache in a directory that outlives the process (so a restart finds it).
final class ReplicaProcess {
    let namespace: NetworkNamespace
    let directory: String
    let configPath: String
    /// The same in every namespace (each has its own addresses); not a port of the shipped config.json.
    static let port = 7080
    var port: Int { Self.port }
    private(set) var process: SpawnedProcess

    init(namespace: NetworkNamespace, binary: String, storageEndpoint: String, bucket: String, region: String, credentialsFile: String) throws {
        self.namespace = namespace
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("packserve-replica-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory + "/public", withIntermediateDirectories: true)
        configPath = directory + "/config.json"
        try ServerSettings(
            publicDirectory: directory + "/public", dataDirectory: directory + "/data",
            overrides: [
                "listen": ["host": namespace.address, "port": Self.port] as [String: any Sendable],
                "storage": [
                    "type": "s3", "endpoint": storageEndpoint, "bucket": bucket, "region": region,
                    "credentialsFile": credentialsFile,
                ] as [String: any Sendable],
                "replica": ["enabled": true, "cacheDirectory": directory + "/cache", "pollSeconds": 1] as [String: any Sendable],
                "allowedHosts": ["localhost", "127.0.0.1", namespace.address],
            ]
        ).write(to: configPath)
        process = try Self.spawn(namespace: namespace, binary: binary, configPath: configPath, directory: directory)
    }

    private static func spawn(namespace: NetworkNamespace, binary: String, configPath: String, directory: String) throws -> SpawnedProcess {
        let (executable, arguments) = namespace.exec([binary, "--config", configPath, "serve", "--replica"])
        return try SpawnedProcess(executable, arguments, outputPath: directory + "/out-\(UUID().uuidString).txt")
    }

    /// The same replica started again on its cache (after `kill9`).
    func restart(binary: String) throws {
        process = try Self.spawn(namespace: namespace, binary: binary, configPath: configPath, directory: directory)
    }

    func url(_ path: String) -> URL { URL(string: "http://\(namespace.address):\(port)\(path)")! }

    deinit {
        _ = process.kill9()
        try? FileManager.default.removeItem(atPath: directory)
    }
}
