import Foundation
import CDNSimulation

/// Real HAProxy (Debian's `haproxy`, installed by scripts/test) running a copy of the shipped
/// `deploy/haproxy/packserve.cfg` in the foreground, its addresses replaced by the test's: the frontends
/// on ephemeral ports of every interface, the origins on the ports the test's servers got.
final class RunningHAProxy {
    let child: ChildProcess
    let httpPort: Int
    let httpsPort: Int
    private let directory: TemporaryDirectory

    static let shippedConfiguration = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("deploy/haproxy/packserve.cfg").path

    /// `origins`: each origin's plaintext and TLS port on 127.0.0.1, as the shipped file's origin1 and origin2.
    init(origins: [(plain: Int, tls: Int)]) async throws {
        precondition(origins.count == 2, "the shipped configuration names two origins")
        directory = try TemporaryDirectory("packserve-e2e-haproxy")
        let ports = try await FreePorts.pick(2)
        (httpPort, httpsPort) = (ports[0], ports[1])
        var text = try String(contentsOfFile: Self.shippedConfiguration, encoding: .utf8)
        var substitutions = [("bind :80\n", "bind 0.0.0.0:\(httpPort)\n"), ("bind :443\n", "bind 0.0.0.0:\(httpsPort)\n")]
        for (index, origin) in origins.enumerated() {
            let address = "10.0.1.1\(index + 1)"
            substitutions += [
                ("\(address):8443 port 8080", "127.0.0.1:\(origin.tls) port \(origin.plain)"),
                ("\(address):8080", "127.0.0.1:\(origin.plain)"),
            ]
        }
        for (shipped, local) in substitutions {
            // The shipped file must keep these lines, or this test would no longer run what is shipped.
            guard text.components(separatedBy: shipped).count == 2 else {
                throw EndToEndFailure("deploy/haproxy/packserve.cfg no longer has exactly one \(shipped.debugDescription)")
            }
            text = text.replacingOccurrences(of: shipped, with: local)
        }
        let path = directory.file("packserve.cfg")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        // Debian installs it in /usr/sbin, which an ordinary user's PATH may lack.
        let haproxy = FileManager.default.isExecutableFile(atPath: "/usr/sbin/haproxy")
            ? "/usr/sbin/haproxy" : try ExternalTool.path(of: "haproxy")
        try await ChildProcess.run(haproxy, ["-c", "-q", "-f", path])
        child = try ChildProcess(haproxy, ["-db", "-f", path], directory: directory.path)
    }

    /// Stops HAProxy (SIGUSR1 is its soft stop; SIGTERM stops at once).
    func stop() async throws {
        child.signal(SIGTERM)
        _ = try await child.exitStatus(within: .seconds(10))
    }
}
