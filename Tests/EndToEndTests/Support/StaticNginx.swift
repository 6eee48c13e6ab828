import Foundation
import CDNSimulation
import PackServeTesting
import Polling
import RawHTTPClient

/// Real nginx serving a directory as its document root (what `packserve export` writes for a static host), on
/// an ephemeral loopback port, one process, its logs in a temporary directory.
final class StaticNginx {
    let port: Int
    let child: ChildProcess
    private let directory: TemporaryDirectory

    init(root: String, port: Int) async throws {
        self.port = port
        directory = try TemporaryDirectory("packserve-e2e-static")
        let config = try NginxMainConfig.text(
            directory: directory, http: "    server { listen 127.0.0.1:\(port); root \(root); }")
        let path = directory.file("nginx.conf")
        try Data(config.utf8).write(to: URL(fileURLWithPath: path))
        child = try ChildProcess(try ExternalTool.path(of: "nginx"), ["-p", directory.path, "-c", path])
        let child = child
        let answered = try await Poll.until(within: .seconds(20), every: .milliseconds(50)) {
            guard child.isRunning else { throw EndToEndFailure("nginx exited at start: \(child.stderr.text)") }
            guard let socket = try? RawClient(port: port, receiveTimeoutSeconds: 2) else { return false }
            try socket.send("HEAD /current.json HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            return socket.read(until: "\r\n\r\n").text.hasPrefix("HTTP/1.1 ")
        }
        guard answered else { throw EndToEndFailure("nginx did not answer on port \(port): \(child.stderr.text)") }
    }
}
