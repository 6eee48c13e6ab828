import Foundation
import HTTPServer
import PackServer
import PackStore

/// A replica (`ReplicaApplication`, what `packserve serve --replica` runs) started inside the test process,
/// reading releases from a bucket the test writes (a `DirectoryBucket`, or any `ObjectBucket`) on a
/// `ManualClock`. The follower does not poll by itself: `poll()` is one poll, so nothing waits on time.
public final class InProcessReplica: Sendable {
    public let directory: ScratchDirectory
    public let clock: ManualClock
    public let log: CapturedLog
    public let application: ReplicaApplication
    public let client: LoopbackClient
    private let shutdown: ShutdownOnce

    /// - Parameters:
    ///   - cacheDirectory: the cache to use (nil: one of its own), so a test can restart a replica on it.
    ///   - replicaSettings: `replica.*` keys besides those set here (`publisherURL`, say).
    ///   - overrides: top-level config.json keys replaced (whole objects), as `ServerSettings` says.
    public static func start(
        bucket: any ObjectBucket, cacheMaxBytes: Int64 = 1 << 30, cacheDirectory: String? = nil,
        replicaSettings: [String: any Sendable] = [:], overrides: [String: any Sendable] = [:], clock: ManualClock = ManualClock()
    ) async throws -> InProcessReplica {
        let directory = try ScratchDirectory("packserve-replica")
        let replica: [String: any Sendable] = [
            "enabled": true, "cacheDirectory": cacheDirectory ?? directory.file("cache"), "cacheMaxBytes": cacheMaxBytes,
        ].merging(replicaSettings) { $1 }
        // The endpoint is never asked: the bucket is handed in. `sampleCatalog` on, as a primary's config might
        // have it: a replica must still publish nothing.
        let storage: [String: any Sendable] = ["type": "s3", "endpoint": "http://127.0.0.1:9", "bucket": "replica-tests"]
        let settings = ServerSettings(
            publicDirectory: try directory.directory("public"), dataDirectory: directory.file("data"),
            overrides: [
                "replica": replica, "storage": storage, "sampleCatalog": true,
                // The access log in a file of the test's own: standard output is the test runner's.
                "accessLog": ["format": "combined", "path": directory.file("access.log")] as [String: any Sendable],
            ].merging(overrides) { $1 })
        let path = directory.file("config.json")
        try settings.write(to: path)
        let configuration = try await PackServeConfiguration.load(path: path, environment: [:])
        let log = CapturedLog()
        let application = try ReplicaApplication(
            configuration: configuration, bucket: bucket, clock: clock.applicationClock,
            logger: log.logger(level: .init(rawValue: configuration.logLevel) ?? .info))
        try application.start()
        return try InProcessReplica(directory: directory, clock: clock, log: log, application: application)
    }

    private init(directory: ScratchDirectory, clock: ManualClock, log: CapturedLog, application: ReplicaApplication) throws {
        self.directory = directory
        self.clock = clock
        self.log = log
        self.application = application
        shutdown = ShutdownOnce { [application] in await application.shutdown() }
        client = try LoopbackClient(origin: "http://127.0.0.1:\(application.listeners.server.localPort)")
    }

    public func stop() async {
        await shutdown.stop()
    }

    /// One poll of the bucket, as the follower's loop makes every `replica.pollSeconds`.
    public func poll() {
        application.follower.poll()
    }
}
