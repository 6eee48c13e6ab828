import Foundation
import CDNSimulation
import Testing

/// The real client behind a proxy (docs/http.md "Client address behind a proxy"), through the real
/// binary: PROXY protocol headers sent by Python over raw sockets (v1 to the plaintext listener, v2
/// before the TLS handshake), refused from an untrusted peer, and X-Forwarded-For believed from trusted
/// peers only. What the server believes shows in the access log's first field and the admin API's
/// plain-HTTP rule.
@Suite struct ProxyClientAddress {
    /// `listen` and `tls.listen` with the PROXY protocol, trusting `trusted`; metrics on.
    private static func overrides(trusting trusted: [String], certificates: TestCertificates) -> [String: any Sendable] {
        var tls = certificates.settings
        tls["listen"] = ["host": "127.0.0.1", "port": 0, "proxyProtocol": true] as [String: any Sendable]
        return [
            "listen": ["host": "127.0.0.1", "port": 0, "proxyProtocol": true] as [String: any Sendable],
            "tls": tls, "trustedProxies": trusted,
            "metrics": ["listen": ["host": "127.0.0.1", "port": 0] as [String: any Sendable]] as [String: any Sendable],
        ]
    }

    /// The client fields of the access-log lines for `path` with status 200.
    private static func loggedClients(_ server: RunningPackServe, path: String, count: Int = 1) async throws -> [String] {
        try await server.awaitAccessLogLines(path: path, status: 200, atLeast: count).compactMap { EndToEnd.AccessLog.fields($0)?[0] }
    }

    @Test func versionOneAndTwoHeadersNameTheClientInTheAccessLog() async throws {
        let store = try StoreWorkspace()
        let certificates = try await TestCertificates.make(in: store.directory.file("tls"))
        let server = try await store.serve(overrides: Self.overrides(trusting: ["127.0.0.1/32"], certificates: certificates))
        let plain = ProxiedRequestScript(port: server.port, header: .version1, path: "/healthz?v1")
        #expect(try await plain.run() == "HTTP/1.1 200 OK")
        #expect(try await Self.loggedClients(server, path: "/healthz?v1") == ["203.0.113.7"])
        let secure = ProxiedRequestScript(
            port: server.tlsPort, header: .version2, client: "2001:db8::7", path: "/healthz?v2", caFile: certificates.caFile)
        #expect(try await secure.run() == "HTTP/1.1 200 OK")
        #expect(try await Self.loggedClients(server, path: "/healthz?v2") == ["2001:db8::7"])
        let plainV2 = ProxiedRequestScript(port: server.port, header: .version2, client: "198.51.100.23", path: "/healthz?v2plain")
        #expect(try await plainV2.run() == "HTTP/1.1 200 OK")
        #expect(try await Self.loggedClients(server, path: "/healthz?v2plain") == ["198.51.100.23"])
        #expect(try await server.stop() == 0)
    }

    /// From a peer not in trustedProxies a PROXY header is refused unanswered, on both listeners; so is a
    /// plain request on a PROXY listener. Each is counted, and the first is logged at info.
    @Test func anUntrustedPeersHeaderIsRefused() async throws {
        let store = try StoreWorkspace()
        let certificates = try await TestCertificates.make(in: store.directory.file("tls"))
        let server = try await store.serve(overrides: Self.overrides(trusting: ["10.0.0.0/8"], certificates: certificates))
        #expect(try await ProxiedRequestScript(port: server.port, header: .version1, path: "/healthz?untrusted").run() == "NO ANSWER")
        #expect(try await ProxiedRequestScript(
            port: server.tlsPort, header: .version2, path: "/healthz?untrustedtls", caFile: certificates.caFile).run() == "NO ANSWER")
        #expect(try await ProxiedRequestScript(port: server.port, header: .none, path: "/healthz?noheader").run() == "NO ANSWER")
        #expect(server.accessLogLines(path: "/healthz?untrusted", status: 200).isEmpty)
        let refusals = server.logLines(containing: "refused a PROXY protocol connection")
        #expect(refusals.count == 1 && refusals[0].contains("reason=untrusted") && refusals[0].contains("peer=127.0.0.1"), "\(refusals)")
        let metrics = try await StoreResponse.get("http://127.0.0.1:\(try await server.metricsPort())/metrics").text
        #expect(metrics.contains(#"packserve_proxy_protocol_refusals_total{reason="untrusted"} 3"#), "\(metrics)")
        #expect(try await server.stop() == 0)
    }

    /// X-Forwarded-For counts only from a trusted peer: the access log and the admin API's plain-HTTP rule
    /// (loopback only by default) see the address it names, or the peer when the peer is not trusted.
    @Test(arguments: [(["127.0.0.1"], "203.0.113.9", 403), (["10.0.0.0/8"], "127.0.0.1", 401)])
    func forwardedForFromATrustedPeerOnly(trusted: [String], client: String, adminStatus: Int) async throws {
        let session = try await AdminSession.start(tokens: ["ci": "read"], overrides: ["trustedProxies": trusted])
        let forwarded = ["-H", "X-Forwarded-For: 198.51.100.1, 203.0.113.9"]
        #expect(try await StoreResponse.get(session.server.url("/healthz?xff"), curlArguments: forwarded).status == 200)
        #expect(try await Self.loggedClients(session.server, path: "/healthz?xff") == [client])
        // 401: answered over plain HTTP, only the token is missing; 403: this client must use HTTPS.
        let admin = try await session.request("GET", "/admin/draft", token: nil, curlArguments: forwarded)
        #expect(admin.status == adminStatus, "\(admin.text)")
        #expect(try await session.server.stop() == 0)
    }
}
