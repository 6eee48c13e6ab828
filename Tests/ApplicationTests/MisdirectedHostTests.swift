import Foundation
import PackServeTesting
import Testing

/// Every route but the probes, for a Host not allowed: 421 with only the problem naming the refused and
/// allowed hosts (no content of the route, whatever the method or Range); HEAD gets the head alone. The
/// probes answer. Raw requests, since a client would send its own Host.
@Suite struct MisdirectedHost {
    @Test func aDisallowedHostGets421AndOnlyTheProblemOnEveryRoute() async throws {
        let server = try await InProcessPackServe.start()
        let version = try server.add(try server.directory.randomFile("a.bin", count: 10_000), id: "a", tags: ["t"])
        try server.publish()
        let publicDirectory = server.application.configuration.publicDirectory
        try Data("<p>hi</p>".utf8).write(to: URL(fileURLWithPath: "\(publicDirectory)/index.html"))
        // The members; their order (the standard ones, then the extensions) is ProblemDetailsTests' business.
        let problem: NSDictionary = [
            "allowedHosts": ["localhost", "127.0.0.1"],
            "detail": "this server does not answer for host assets.evil.example; allowed hosts: localhost, 127.0.0.1",
            "host": "assets.evil.example", "status": 421, "title": "Misdirected Request", "type": "about:blank",
        ]
        let paths = [
            "/", "/index.html", "/releases", "/tags/t", "/packs/a", "/blobs/sha256/\(version.sha256)",
            "/manifest", "/manifest.json", "/manifest.json.sig", "/.well-known/jwks.json", "/nope",
        ]
        let variants: [(name: String, method: String, extra: String)] = [
            ("GET", "GET", ""), ("HEAD", "HEAD", ""), ("GET+Range", "GET", "Range: bytes=0-9\r\n"),
        ]
        for path in paths {
            for variant in variants {
                let answer = try ProbeHost.exchange(
                    "\(variant.method) \(path) HTTP/1.1\r\nHost: assets.evil.example\r\n\(variant.extra)Connection: close\r\n\r\n",
                    port: server.port)
                #expect(answer.status == 421, "\(variant.name) \(path): \(answer.head)")
                #expect(answer.head.lowercased().contains("\r\ncontent-type: application/problem+json"), "\(variant.name) \(path)")
                let body = String(decoding: answer.body, as: UTF8.self)
                if variant.name == "HEAD" {
                    #expect(body.isEmpty, "HEAD \(path): \(body)")
                } else {
                    let document = try JSONSerialization.jsonObject(with: Data(answer.body)) as? NSDictionary
                    #expect(document == problem && !body.contains("\n"), "\(variant.name) \(path): \(body)")
                }
            }
            // The same request with an allowed Host is answered normally.
            #expect(try await server.client.get(path).status != 421, "\(path) with an allowed Host")
        }
        for path in ["/healthz", "/readyz"] {
            let probe = try ProbeHost.exchange(
                "GET \(path) HTTP/1.1\r\nHost: assets.evil.example\r\nConnection: close\r\n\r\n", port: server.port)
            #expect(probe.status == 200, "\(path): \(probe.head)")
        }
        await server.stop()
    }
}
