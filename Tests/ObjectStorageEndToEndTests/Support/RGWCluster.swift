import Dispatch
import Foundation
import Glibc
import ObjectStorage
import Polling
import Testing

/// A throwaway Ceph cluster with the RADOS Gateway, started by scripts/ceph-rgw in a directory of its own
/// and stopped by it; the suite's tests share one (starting one costs seconds, see docs/object-storage.md).
final class RGWCluster: Sendable {
    @TaskLocal static var current: RGWCluster?

    let directory: String
    let endpoint: URL
    /// The same gateway over HTTPS, with a certificate only `caFile` trusts.
    let tlsEndpoint: URL
    let caFile: String
    let region: String
    let credentials: S3Credentials
    let startSeconds: Double

    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let script = repository.appendingPathComponent("scripts/ceph-rgw").path

    /// Runs only where Ceph is installed, except under CI, where missing Ceph must fail rather than skip.
    static var shouldRun: Bool {
        ProcessInfo.processInfo.environment["CI"] != nil
            || ["/usr/bin/ceph-mon", "/usr/bin/radosgw"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private init(directory: String, values: [String: String]) throws {
        self.directory = directory
        guard let endpoint = values["S3_ENDPOINT"].flatMap(URL.init(string:)), let access = values["S3_ACCESS_KEY_ID"],
            let secret = values["S3_SECRET_ACCESS_KEY"]
        else { throw ClusterError("scripts/ceph-rgw start printed no endpoint and keys: \(values)") }
        self.endpoint = endpoint
        guard let tlsEndpoint = values["S3_TLS_ENDPOINT"].flatMap(URL.init(string:)), let caFile = values["S3_CA_FILE"] else {
            throw ClusterError("scripts/ceph-rgw start printed no HTTPS endpoint and CA file: \(values)")
        }
        self.tlsEndpoint = tlsEndpoint
        self.caFile = caFile
        region = values["S3_REGION"] ?? "us-east-1"
        credentials = S3Credentials(accessKeyID: access, secretAccessKey: secret)
        startSeconds = values["START_SECONDS"].flatMap(Double.init) ?? 0
    }

    static func start() async throws -> RGWCluster {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("packserve-rgw-\(UUID().uuidString)").path
        let (status, output) = try await run(["start", directory])
        guard status == 0 else { throw ClusterError("scripts/ceph-rgw start failed (\(status)): \(output)") }
        var values: [String: String] = [:]
        for line in output.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            values[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return try RGWCluster(directory: directory, values: values)
    }

    /// The pids of the daemons the script started (its pid files).
    var daemonPIDs: [Int32] {
        let run = directory + "/run"
        let files = (try? FileManager.default.contentsOfDirectory(atPath: run)) ?? []
        return files.filter { $0.hasSuffix(".pid") }.compactMap {
            (try? String(contentsOfFile: run + "/" + $0, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
    }

    /// Stops the cluster and checks that every daemon it started has exited; removes its directory.
    func stop() async throws {
        let pids = daemonPIDs
        let (status, output) = try await Self.run(["stop", directory])
        guard status == 0 else { throw ClusterError("scripts/ceph-rgw stop failed (\(status)): \(output)") }
        if !output.isEmpty { print(output) }
        // An exited daemon is a zombie until init reaps it (it is not our child): dead all the same. A poll
        // with a deadline, since the kernel may still be tearing a process down when the script returns.
        func alive() -> [String] {
            pids.compactMap { pid in
                guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return nil }
                return stat.split(separator: " ").dropFirst(2).first == "Z" ? nil : String(stat.prefix(40))
            }
        }
        guard try await Poll.until(within: .seconds(15), every: .milliseconds(50), { alive().isEmpty }) else {
            throw ClusterError("daemons still running after stop: \(alive())")
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Stops or starts only radosgw (blocking: also called from a client's backoff, between two attempts).
    func gateway(running: Bool) throws {
        let (status, output) = try Self.runBlocking([running ? "start-rgw" : "stop-rgw", directory])
        guard status == 0 else { throw ClusterError("scripts/ceph-rgw \(running ? "start-rgw" : "stop-rgw") failed: \(output)") }
    }

    func client(
        bucket: String, addressing: S3Addressing = .pathStyle, secret: String? = nil, https: Bool = false,
        caFile: String? = nil
    ) throws -> S3Client {
        var credentials = credentials
        if let secret { credentials.secretAccessKey = secret }
        return try S3Client(configuration: S3Configuration(endpoint: https ? tlsEndpoint : endpoint, bucket: bucket,
            region: region, addressing: addressing, caFile: caFile, credentials: credentials, maxAttempts: 3),
            backoff: { _ in 0.05 })
    }

    /// A fresh bucket for one test, so tests running side by side never see each other's objects.
    func freshBucket() throws -> S3Client {
        let client = try client(bucket: "t-" + UUID().uuidString.lowercased().prefix(18))
        try client.createBucket()
        return client
    }

    /// Runs the script with its output in a file and waits for it on a Dispatch thread. Not Foundation's
    /// Process with a pipe: with two suites starting clusters at once, its exit was never noticed (the
    /// scripts stayed zombies) and both suites hung.
    private static func run(_ arguments: [String]) async throws -> (Int32, String) {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try runBlocking(arguments) })
            }
        }
    }

    static func runBlocking(_ arguments: [String]) throws -> (Int32, String) {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("ceph-rgw-\(UUID().uuidString).out").path
        let process = try SpawnedProcess(script, arguments, outputPath: output)
        let status = process.wait()
        return (status, process.output)
    }
}

struct ClusterError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
