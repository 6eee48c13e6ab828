import Foundation
import PackServeTesting
import RawHTTPClient
import Testing

/// Issue 11: probes answer whatever the Host, HTTP/1.0 without Host is for the publicBaseURL host, and a
/// foreign Host gets a 421 whose problem body says why — with raw sockets, where a client would add a Host.
@Suite struct ProbeHost {
    static let allowedHosts = ["localhost", "127.0.0.1", "assets.example.com"]

    /// A server with pack `a` published, publicBaseURL `http://assets.example.com`.
    static func serve() async throws -> (InProcessPackServe, Data) {
        let server = try await InProcessPackServe.start(overrides: [
            "publicBaseURL": "http://assets.example.com", "allowedHosts": allowedHosts,
        ])
        let file = try server.addRandom("a.bin", count: 5_000, id: "a")
        try server.publish()
        return (server, try Data(contentsOf: URL(fileURLWithPath: file)))
    }

    /// Sends `request` as written on a new connection; the status line's code, the header block and the body.
    static func exchange(_ request: String, port: Int) throws -> (status: Int?, head: String, body: [UInt8]) {
        let socket = try RawClient(port: port)
        try socket.send(request)
        let (bytes, end) = socket.readUntilEnd()
        #expect(end != .timedOut, "the server closes after \(request.debugDescription)")
        let separator = Array("\r\n\r\n".utf8)
        let split = (0...max(0, bytes.count - 4)).first { Array(bytes[$0..<min($0 + 4, bytes.count)]) == separator }
        let headEnd = split ?? bytes.count
        let head = String(decoding: bytes[..<headEnd], as: UTF8.self)
        let body = split.map { Array(bytes[($0 + 4)...]) } ?? []
        let status = head.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) }
        return (status, head, body)
    }

    @Test func probesAnswerAPodIPHostAndHTTP10WithoutHost() async throws {
        let (server, _) = try await Self.serve()
        for host in ["10.1.2.3:8080", "10.1.2.3", "[fd00::7]:8080", "lb-check.internal"] {
            let health = try Self.exchange("GET /healthz HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n", port: server.port)
            #expect(health.status == 200 && health.body == Array("ok\n".utf8), "/healthz Host \(host): \(health.head)")
            // Ready, but a probe from another host is not told which release is live.
            let ready = try Self.exchange("GET /readyz HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n", port: server.port)
            #expect(ready.status == 200 && ready.body == Array("ready\n".utf8), "/readyz Host \(host): \(ready.head)")
            let head = try Self.exchange("HEAD /healthz HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n", port: server.port)
            #expect(head.status == 200 && head.body.isEmpty)
        }
        let health = try Self.exchange("GET /healthz HTTP/1.0\r\n\r\n", port: server.port)
        #expect(health.status == 200 && health.body == Array("ok\n".utf8), "\(health.head)")
        // HTTP/1.0 without Host is for the publicBaseURL host, an allowed one: /readyz names the release.
        let ready = try Self.exchange("GET /readyz HTTP/1.0\r\n\r\n", port: server.port)
        #expect(ready.status == 200 && ready.body == Array("release 1\n".utf8), "\(ready.head)")
        // HTTP/1.1 still needs Host (RFC 9112 §3.2).
        #expect(try Self.exchange("GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n", port: server.port).status == 400)
        await server.stop()
    }

    @Test func http10WithoutHostIsServedAsThePublicBaseURLHost() async throws {
        let (server, bytes) = try await Self.serve()
        let pack = try Self.exchange("GET /packs/a HTTP/1.0\r\n\r\n", port: server.port)
        #expect(pack.status == 200, "\(pack.head)")
        #expect(pack.body.count == bytes.count && pack.body == Array(bytes), "the pack's bytes")
        let manifest = try Self.exchange("GET /manifest.json HTTP/1.0\r\nUser-Agent: old\r\n\r\n", port: server.port)
        let document = try JSONSerialization.jsonObject(with: Data(manifest.body)) as? [String: Any]
        #expect(manifest.status == 200 && document?["iss"] as? String == "http://assets.example.com", "\(manifest.head)")
        // With a Host, HTTP/1.0 is checked like HTTP/1.1.
        let foreign = try Self.exchange("GET /packs/a HTTP/1.0\r\nHost: evil.example\r\n\r\n", port: server.port)
        #expect(foreign.status == 421, "\(foreign.head)")
        await server.stop()
    }

    @Test func aForeignHostGets421WithAProblemNamingTheHosts() async throws {
        let (server, _) = try await Self.serve()
        for (name, request) in [
            ("Host", "GET /packs/a HTTP/1.1\r\nHost: Pack.Evil.Example:8080\r\nConnection: close\r\n\r\n"),
            ("absolute-form", "GET http://pack.evil.example/packs/a HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"),
        ] {
            let refused = try Self.exchange(request, port: server.port)
            #expect(refused.status == 421, "\(name): \(refused.head)")
            #expect(refused.head.lowercased().contains("\r\ncontent-type: application/problem+json"), "\(refused.head)")
            #expect(!refused.body.contains(UInt8(ascii: "\n")), "one line")
            let problem = try #require(try JSONSerialization.jsonObject(with: Data(refused.body)) as? [String: Any])
            #expect(Set(problem.keys) == ["type", "status", "title", "detail", "host", "allowedHosts"], "nothing else: \(problem.keys)")
            #expect(problem["status"] as? Int == 421 && problem["title"] as? String == "Misdirected Request")
            #expect(problem["host"] as? String == "pack.evil.example", "\(name): \(problem)")
            #expect(problem["allowedHosts"] as? [String] == Self.allowedHosts)
            #expect((problem["detail"] as? String)?.contains("pack.evil.example") == true)
        }
        // HEAD: the same head, no body.
        let head = try Self.exchange("HEAD /packs/a HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n", port: server.port)
        #expect(head.status == 421 && head.body.isEmpty, "\(head.head)")
        await server.stop()
    }
}
