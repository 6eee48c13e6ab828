import Foundation
import PackServeTesting
import Polling

/// The real `packserve serve` in a child process, configured by a config.json in a temporary directory.
/// Its port is read from the `listening addresses=…` log line; its access log (stderr) stays readable.
package final class RunningPackServe {
    package let child: ChildProcess
    package let port: Int
    /// The HTTPS port, or 0 without a TLS listener (read from the same log line's `tls=`).
    package let tlsPort: Int
    private let directory: TemporaryDirectory

    /// Starts the server and waits until it listens. `environment` is added to a copy of this process's
    /// environment without any PACKSERVE_ variable (so the machine's settings can't leak in).
    package init(publicDirectory: String, overrides: [String: any Sendable] = [:], serveArguments: [String] = [],
         environment: [String: String] = [:]) async throws {
        directory = try TemporaryDirectory("packserve-e2e-server")
        let configPath = directory.file("config.json")
        let settings = ServerSettings(
            publicDirectory: publicDirectory, dataDirectory: try directory.directory("data"), overrides: overrides)
        try settings.write(to: configPath)
        child = try ChildProcess(
            try PackServeBinary.path(), ["--config", configPath, "serve"] + serveArguments,
            environment: Self.environment(adding: environment), directory: directory.path)
        (port, tlsPort) = try await Self.listeningPorts(of: child)
    }

    package static func environment(adding extra: [String: String]) -> [String: String] {
        ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("PACKSERVE_") }.merging(extra) { $1 }
    }

    /// Waits for `addresses=127.0.0.1:PORT [tls=127.0.0.1:TLSPORT] … listening` and returns both ports
    /// (of the public listeners: the metrics listener's line says `listener=metrics`).
    private static func listeningPorts(of child: ChildProcess, metrics: Bool = false) async throws -> (Int, Int) {
        var ports: (Int, Int)?
        try await Poll.until(within: .seconds(30)) {
            if let line = child.stderr.lines.first(where: {
                $0.contains("listening") && $0.contains("addresses=") && $0.contains("listener=metrics") == metrics
            }) {
                func port(_ key: String) -> Int? {
                    let token = line.split(separator: " ").first { $0.hasPrefix(key) } ?? ""
                    let first = token.dropFirst(key.count).split(separator: ",").first ?? ""
                    return first.lastIndex(of: ":").flatMap { Int(first[first.index(after: $0)...]) }
                }
                guard let plain = port("addresses=") ?? (line.contains("addresses= ") ? 0 : nil) else {
                    throw EndToEndFailure("cannot read the port from the log line \(line.debugDescription)")
                }
                ports = (plain, port("tls=") ?? 0)
                return true
            }
            if !child.isRunning {
                throw EndToEndFailure("packserve exited before listening: \(child.stderr.text)")
            }
            return false
        }
        if let ports { return ports }
        throw EndToEndFailure("packserve did not log `listening addresses=` within 30 s: \(child.stderr.text)")
    }

    package func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// The metrics listener's port (docs/metrics.md), once its `listener=metrics … listening` line is out.
    package func metricsPort() async throws -> Int {
        try await Self.listeningPorts(of: child, metrics: true).0
    }

    /// An https URL on the TLS listener, by the name the test certificates carry.
    package func secureURL(_ path: String) -> String { "https://localhost:\(tlsPort)\(path)" }

    /// Descriptors and memory of the server process.
    package var probe: ProcessProbe { ProcessProbe(pid: child.process.processIdentifier) }

    /// The server's log lines (stderr) that contain `text`.
    package func logLines(containing text: String) -> [String] {
        child.stderr.lines.filter { $0.contains(text) }
    }

    /// Access-log lines (combined format: `… "METHOD PATH HTTP/1.1" STATUS BYTES …`) for `path` with `status`.
    package func accessLogLines(path: String, status: Int) -> [String] {
        child.stderr.lines.filter { $0.contains(" \(path) HTTP/1.") && $0.contains("\" \(status) ") }
    }

    /// Waits until at least `count` access-log lines match (the line is written when a response ends,
    /// and reaches the pipe a moment later than the client sees the last byte).
    package func awaitAccessLogLines(path: String, status: Int, atLeast count: Int = 1) async throws -> [String] {
        try await Poll.until(within: .seconds(5)) { accessLogLines(path: path, status: status).count >= count }
        return accessLogLines(path: path, status: status)
    }
}

extension RunningPackServe {
    /// SIGTERM, then the exit status (nil if it did not exit within `timeout`, when it is killed).
    package func stop(within timeout: Duration = .seconds(20)) async throws -> Int32? {
        child.signal(SIGTERM)
        return try await child.exitStatus(within: timeout)
    }
}
