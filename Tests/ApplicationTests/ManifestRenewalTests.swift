import Foundation
import PackServeTesting
import Testing

/// A manifest close to expiry is re-signed by the running server, without a restart, as the next version —
/// at the instants the server's clock reaches, not after seconds of waiting (the watcher reads the manual
/// clock; each `refresh()` is one of its polls).
@Suite struct ManifestRenewal {
    @Test func theServerReSignsBeforeExpiry() async throws {
        let server = try await InProcessPackServe.start(overrides: [
            "signing": ["privateKey": "keys/manifest-signing.key", "generateIfMissing": true, "manifestLifetimeSeconds": 3]
                as [String: any Sendable],
        ])
        try server.addRandom("a.bin", count: 1_000, id: "a")
        try server.publish()
        func served() async throws -> [String: Any] {
            try #require(try await server.client.get("/manifest.json").object)
        }
        #expect(try await served()["version"] as? Int == 1)
        // Polled a second apart, as the clock moves through two 3-second lifetimes.
        var document: [String: Any] = [:]
        for _ in 0..<8 {
            server.clock.advance(by: 1)
            server.refresh()
            document = try await served()
            if (document["version"] as? Int ?? 0) >= 3 { break }
        }
        #expect((document["version"] as? Int ?? 0) >= 3, "\(document)")
        let iat = document["iat"] as? Int64 ?? 0
        let exp = document["exp"] as? Int64 ?? 0
        #expect(exp - iat == 3 && exp > server.clock.now - 1, "\(document), now \(server.clock.now)")
        #expect(document["release"] as? Int == 1)
        await server.stop()
    }
}
