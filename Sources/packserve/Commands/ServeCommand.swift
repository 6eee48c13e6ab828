import ArgumentParser
import PackServer
import Sockets

/// `packserve serve [--host H] [--port N]`: runs the server in the foreground until SIGTERM/SIGINT.
/// Only the options and the configuration are read here; `PackServeApplication` is the server.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the server in the foreground; SIGTERM/SIGINT drain in-flight responses, then exit 0."
    )

    @ParentCommand var root: PackServe

    @Option(help: "Address to listen on (overrides listen.host).")
    var host: String?

    @Option(help: "Port to listen on, 0 for any free port (overrides listen.port).")
    var port: Int?

    @Flag(help: "Serve the bucket's releases read-only, without an index or a key (sets replica.enabled).")
    var replica = false

    func run() async throws {
        let signals = await SignalHandler.trap()
        // Before anything sizes itself from the limit (the open-file cache does).
        DescriptorLimit.raiseToHardLimit()
        var config = try await CommandContext.loadConfiguration(path: root.config)
        if let host { config.listen.host = host }
        if let port {
            guard (0...65535).contains(port) else { throw CommandFailure("--port must be 0…65535, not \(port)") }
            config.listen.port = port
        }
        if replica { config.replica.enabled = true }
        let logger = CommandContext.bootstrapLogging(level: config.logLevel)
        // A replica opens no index and no key, and publishes no sample catalog: everything comes from the bucket.
        if config.replica.enabled {
            try await ReplicaApplication(configuration: config, logger: logger).run(signals: signals)
        } else {
            try await PackServeApplication(configuration: config, logger: logger).run(signals: signals)
        }
    }
}
