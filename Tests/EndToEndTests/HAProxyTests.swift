import Foundation
import CDNSimulation
import Polling
import Testing

extension EndToEnd {
    /// The shipped `deploy/haproxy/packserve.cfg` with real HAProxy in front of two `serve` processes on one
    /// data directory (issue 22, "Done means" 2): HAProxy passes plain HTTP and HTTPS through with a PROXY
    /// protocol v2 header, and health-checks `/readyz` with one. The client reaches HAProxy by this
    /// machine's non-loopback address, so the origins' access logs and the admin API's plain-HTTP rule
    /// must see that address, not HAProxy's 127.0.0.1.
    @Suite struct HAProxy {
        @Test func theOriginsSeeTheRealClient() async throws {
            let addresses = try await ChildProcess.run(try ExternalTool.path(of: "hostname"), ["-I"]).stdout.text
            let client = try #require(
                addresses.split(separator: " ").map(String.init).first { $0.contains(".") && !$0.hasPrefix("127.") },
                "this machine has no non-loopback IPv4 address to test from")
            let store = try StoreWorkspace()
            try await store.run(["add", try store.randomFile("pack.bin", count: 10_000), "--id", "level-1"])
            try await store.run(["publish"])
            let token = try await store.run(["token", "create", "--name", "ci", "--scope", "read"]).stdout
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let certificates = try await TestCertificates.make(in: store.directory.file("tls"))
            var tls = certificates.settings
            tls["listen"] = ["host": "127.0.0.1", "port": 0, "proxyProtocol": true] as [String: any Sendable]
            let overrides: [String: any Sendable] = [
                "listen": ["host": "127.0.0.1", "port": 0, "proxyProtocol": true] as [String: any Sendable],
                "tls": tls, "trustedProxies": ["127.0.0.1/32"], "allowedHosts": ["localhost", "127.0.0.1", client],
            ]
            let origins = [try await store.serve(overrides: overrides), try await store.serve(overrides: overrides)]
            let haproxy = try await RunningHAProxy(origins: origins.map { ($0.port, $0.tlsPort) })

            // Until both origins answered the client through HAProxy (leastconn takes turns between idle ones).
            let curl = try ExternalTool.curl()
            var served: [[String]] = [[], []]
            var attempt = 0
            try await Poll.until(within: .seconds(20), every: .milliseconds(50)) {
                attempt += 1
                _ = try? await ChildProcess.run(curl, ["-sS", "-o", "/dev/null", "--max-time", "5",
                                                      "http://\(client):\(haproxy.httpPort)/packs/level-1?n=\(attempt)"])
                served = origins.map { origin in
                    origin.logLines(containing: "\"GET /packs/level-1?n=").compactMap(AccessLog.fields).filter { $0[5] == "200" }.map { $0[0] }
                }
                return !served.contains(where: \.isEmpty)
            }
            #expect(served.allSatisfy { !$0.isEmpty }, "both origins answered: \(served)\n\(haproxy.child.stderr.text)")
            #expect(served.joined().allSatisfy { $0 == client }, "the access logs name the client: \(served)")
            // The health checks (PROXY v2 LOCAL) are HAProxy's own connections.
            let checks = origins[0].accessLogLines(path: "/readyz", status: 200).compactMap { AccessLog.fields($0)?[0] }
            #expect(!checks.isEmpty && checks.allSatisfy { $0 == "127.0.0.1" }, "\(origins[0].logLines(containing: "/readyz"))")

            // HTTPS passes through: the TLS handshake follows the PROXY header.
            let secure = try await StoreResponse.get("https://localhost:\(haproxy.httpsPort)/healthz?tls", curlArguments: [
                "--cacert", certificates.caFile, "--resolve", "localhost:\(haproxy.httpsPort):\(client)",
            ])
            #expect(secure.status == 200)
            // The line reaches the log a moment after the client has its answer.
            var secureClients: [String] = []
            try await Poll.until(within: .seconds(5), every: .milliseconds(50)) {
                secureClients = origins.flatMap { $0.accessLogLines(path: "/healthz?tls", status: 200) }.compactMap { AccessLog.fields($0)?[0] }
                return !secureClients.isEmpty
            }
            #expect(secureClients == [client])

            // The admin rule: over plain HTTP only loopback clients; through HAProxy that means the client's
            // own address, not HAProxy's.
            let authorization = ["-H", "Authorization: Bearer \(token)"]
            let remote = try await StoreResponse.get("http://\(client):\(haproxy.httpPort)/admin/draft", curlArguments: authorization)
            #expect(remote.status == 403, "\(remote.text)")
            let local = try await StoreResponse.get("http://127.0.0.1:\(haproxy.httpPort)/admin/draft", curlArguments: authorization)
            #expect(local.status == 200, "\(local.text)")
            let remoteSecure = try await StoreResponse.get("https://localhost:\(haproxy.httpsPort)/admin/draft", curlArguments: authorization + [
                "--cacert", certificates.caFile, "--resolve", "localhost:\(haproxy.httpsPort):\(client)",
            ])
            #expect(remoteSecure.status == 200, "over HTTPS any client is answered: \(remoteSecure.text)")

            try await haproxy.stop()
            for origin in origins { #expect(try await origin.stop() == 0) }
        }
    }
}
