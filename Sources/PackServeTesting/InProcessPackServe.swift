import Foundation
import HTTPServer
import PackServer
import PackStore

/// The production application (`PackServeApplication`, what `packserve serve` runs) started inside the test
/// process: configured from a config.json in a directory of its own, listening on ephemeral loopback ports,
/// reading a `ManualClock`, logging into a `CapturedLog`. Requests go over real sockets through `client`.
///
/// The release watcher does not poll here: what a test changes in the store is taken up by `refresh()` (or
/// `publish`, which refreshes), so nothing waits for a poll interval.
public final class InProcessPackServe: Sendable {
    public let directory: ScratchDirectory
    public let clock: ManualClock
    public let log: CapturedLog
    public let application: PackServeApplication
    /// Talks to the plaintext listener.
    public let client: LoopbackClient
    private let shutdown: ShutdownOnce

    /// Writes the configuration, builds the application and starts its listeners.
    /// - Parameter overrides: top-level config.json keys replaced (whole objects), as `ServerSettings` says.
    public static func start(
        overrides: [String: any Sendable] = [:], clock: ManualClock = ManualClock()
    ) async throws -> InProcessPackServe {
        let directory = try ScratchDirectory("packserve-app")
        // The access log in a file of the test's own: standard error is the test runner's.
        let settings = ServerSettings(
            publicDirectory: try directory.directory("public"), dataDirectory: directory.file("data"),
            overrides: ["accessLog": ["format": "combined", "path": directory.file("access.log")] as [String: any Sendable]]
                .merging(overrides) { $1 })
        let path = directory.file("config.json")
        try settings.write(to: path)
        // Loaded as the binary loads it (defaults, validation, relative paths), without this process's
        // environment: a PACKSERVE_ variable of the machine must not leak in.
        let configuration = try await PackServeConfiguration.load(path: path, environment: [:])
        return try InProcessPackServe(directory: directory, configuration: configuration, clock: clock)
    }

    private init(directory: ScratchDirectory, configuration: PackServeConfiguration, clock: ManualClock) throws {
        self.directory = directory
        self.clock = clock
        let log = CapturedLog()
        self.log = log
        application = try PackServeApplication(
            configuration: configuration, clock: clock.applicationClock,
            logger: log.logger(level: .init(rawValue: configuration.logLevel) ?? .info))
        try application.start()
        shutdown = ShutdownOnce { [application] in await application.shutdown() }
        client = try LoopbackClient(origin: "http://127.0.0.1:\(application.server.localPort)")
    }

    /// Stops accepting and drains in-flight responses, as SIGTERM does in the binary.
    public func stop() async {
        await shutdown.stop()
    }

    public var store: PackStore { application.store }

    /// The plaintext listener's port.
    public var port: Int { application.server.localPort }

    /// What the watcher's next poll would do: take up a release, a rollback, a signing or tokens made since.
    public func refresh() {
        application.watcher.refresh()
    }
}
