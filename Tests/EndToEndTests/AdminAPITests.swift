import Foundation
import CDNSimulation
import Testing

/// Issue 12, the admin API where a process matters: `push` against a running server, `token ls`, and a
/// client on another address of this machine. The routes themselves are ApplicationTests' `AdminAPI`.
@Suite struct AdminAPI {
    /// `packserve push … --publish`: the file is in the next release, byte for byte, under the manifest's
    /// digest; a wrong token fails with the server's reason and changes nothing.
    @Test func pushUploadsAndPublishes() async throws {
        let session = try await AdminSession.start(tokens: ["ci": "upload,publish"])
        let tokenFile = session.store.directory.file("ci.token")
        try Data((session.tokens["ci"]! + "\n").utf8).write(to: URL(fileURLWithPath: tokenFile))
        let file = try session.store.randomFile("level-7.bin", count: 20_000_000)
        let sha256 = try await ExternalTool.sha256(of: file)
        let pushed = try await session.store.run([
            "push", file, "--id", "level-7", "--server", session.server.url(""), "--token-file", tokenFile,
            "--tag", "forest", "--policy", "prefetch", "--publish", "--note", "CI build",
        ])
        #expect(pushed.lines == [
            "pushed level-7 version 1: 20000000 bytes, sha256 \(sha256)",
            "release 1 published (manifest version 1)",
        ], "\(pushed)")
        let manifest = try await StoreResponse.await(session.server.url("/manifest.json"), within: .seconds(5)) {
            $0.status == 200
        }
        #expect(manifest.response.text.contains(#""sha256":"\#(sha256)""#))
        #expect(manifest.response.text.contains(#""policy":"prefetch""#))
        #expect(try await StoreResponse.get(session.server.url("/packs/level-7")).body == FileManager.default.contents(atPath: file))

        let wrongFile = session.store.directory.file("wrong.token")
        try Data("pst_not-a-token\n".utf8).write(to: URL(fileURLWithPath: wrongFile))
        let refused = try await session.store.attempt([
            "push", file, "--id", "level-8", "--server", session.server.url(""), "--token-file", wrongFile,
        ])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("upload refused (401): the bearer token is not valid"), "\(refused)")
        #expect(!(try await session.store.run(["ls", "--json"]).stdout.contains("level-8")))
    }

    /// `token ls` names each token with its scopes and never prints a secret (the refusals are
    /// ApplicationTests' `AdminAPI`).
    @Test func tokenListNeverShowsSecrets() async throws {
        let store = try StoreWorkspace()
        var secrets: [String] = []
        for (name, scopes) in ["ci": "upload,publish,read", "reader": "read"] {
            let made = try await store.run(["token", "create", "--name", name, "--scope", scopes])
            secrets.append(made.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        let listed = try await store.run(["token", "ls"])
        #expect(listed.stdout.contains("reader") && listed.stdout.contains("publish,read,upload"))
        for secret in secrets { #expect(!listed.stdout.contains(secret)) }
    }

    /// Over plain HTTP only loopback clients are answered, over HTTPS any: the server listens on every
    /// address, and curl reaches it through this machine's own non-loopback address (from
    /// `hostname -I`), so the server sees a non-loopback peer.
    @Test func plaintextFromANonLoopbackAddressIsRefused() async throws {
        let addresses = try await ChildProcess.run(try ExternalTool.path(of: "hostname"), ["-I"]).stdout.text
        let address = try #require(
            addresses.split(separator: " ").map(String.init).first { $0.contains(".") && !$0.hasPrefix("127.") },
            "this machine has no non-loopback IPv4 address to test from")
        var certificates: TestCertificates?
        let session = try await AdminSession.start(
            tokens: ["ci": "upload,publish,read"],
            overrides: ["listen": ["host": "0.0.0.0", "port": 0] as [String: any Sendable],
                        "allowedHosts": ["localhost", "127.0.0.1", address]]
        ) { store in
            let made = try await TestCertificates.make(in: store.directory.file("tls"))
            certificates = made
            var tls = made.settings
            tls["listen"] = ["host": "0.0.0.0", "port": 0] as [String: any Sendable]
            return ["tls": tls]
        }
        let secure = try await session.request(
            "GET", "/admin/draft", token: "ci", curlArguments: [
                "--cacert", certificates!.caFile, "--resolve", "localhost:\(session.server.tlsPort):\(address)",
            ], url: "https://localhost:\(session.server.tlsPort)/admin/draft")
        #expect(secure.status == 200, "over HTTPS a non-loopback client is answered: \(secure.text)")
        let remote = try await session.request("GET", "/admin/draft", token: "ci", host: address)
        #expect(remote.status == 403, "\(remote.text)")
        #expect(remote.text.contains("loopback"))
        let file = try session.store.randomFile("p.bin", count: 100_000)
        let remoteUpload = try await session.request(
            "PUT", "/admin/packs/p", token: "ci", curlArguments: ["-T", file], host: address)
        #expect(remoteUpload.status == 403)
        #expect(try await session.request("GET", "/admin/draft", token: "ci").status == 200)
        #expect(try session.storedFiles().isEmpty)
    }
}
