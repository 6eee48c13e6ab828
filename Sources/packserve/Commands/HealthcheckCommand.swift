import ArgumentParser
import Foundation
import HTTPClient
import PackServer

/// `packserve healthcheck`: GET /healthz on the plain-HTTP listener the configuration (file and
/// environment) names, exit 0 on 200. The Dockerfile's HEALTHCHECK runs it, so a port moved with
/// `PACKSERVE_LISTEN_PORT` or a mounted config.json is the port probed (a hard-coded 8080 was not).
struct HealthcheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "healthcheck",
        abstract: "Exit 0 when the server of this configuration answers /healthz on its plain-HTTP listener.")

    @ParentCommand var root: PackServe

    @Option(help: "Seconds to wait for the answer.")
    var timeout: Double = 3

    func run() async throws {
        let config = try await CommandContext.loadConfiguration(path: root.config)
        guard config.listen.enabled else {
            throw CommandFailure("healthcheck probes the plain-HTTP listener, and listen.enabled is false")
        }
        let url = URL(string: "http://\(Self.probeHost(listen: config.listen.host)):\(config.listen.port)/healthz")!
        let status: Int
        do {
            status = try await HTTPClient(userAgent: "packserve-healthcheck", timeout: timeout).send(ClientRequest(url: url)).status
        } catch {
            throw CommandFailure("\(error)")
        }
        guard status == 200 else { throw CommandFailure("\(url): status \(status)") }
        print("\(url): ok")
    }

    /// Where this machine reaches a listener bound to `host`: loopback for the wildcard addresses.
    static func probeHost(listen host: String) -> String {
        switch host {
        case "0.0.0.0", "": "127.0.0.1"
        case "::", "[::]": "[::1]"
        default: host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        }
    }
}
