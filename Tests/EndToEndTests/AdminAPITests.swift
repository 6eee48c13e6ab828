import Foundation
import Testing

extension EndToEnd {
    /// Issue 12, the admin API through the real binary and curl: tokens made with the CLI, every route,
    /// and each refusal (docs/api.md "Admin API").
    @Suite struct AdminAPI {
        @Test func everyRouteFromUploadToRollback() async throws {
            let session = try await AdminSession.start(tokens: ["ci": "upload,publish,read"])
            let file = try session.store.randomFile("level-1.bin", count: 3_000_000)
            let sha256 = try await ExternalTool.sha256(of: file)
            let digest = Data((0..<32).map { UInt8(strtoul(String(Array(sha256)[($0 * 2)..<($0 * 2 + 2)]), nil, 16)) })

            let uploaded = try await session.upload(
                file, id: "level-1", query: "tag=forest&tag=level-1&policy=prefetch&order=2",
                headers: ["Content-Digest: sha-256=:\(digest.base64EncodedString()):"])
            #expect(uploaded.status == 201, "\(uploaded.text)")
            let pack = try #require(AdminSession.json(uploaded) as? [String: Any])
            #expect(pack["id"] as? String == "level-1" && pack["version"] as? Int == 1)
            #expect(pack["sha256"] as? String == sha256 && pack["size"] as? Int == 3_000_000)
            #expect(pack["tags"] as? [String] == ["forest", "level-1"] && pack["policy"] as? String == "prefetch")

            // The draft as `ls --json` prints it, byte for byte.
            let draft = try await session.request("GET", "/admin/draft", token: "ci")
            #expect(draft.status == 200)
            let listed = try await session.store.run(["ls", "--json"])
            #expect(draft.text == listed.stdout.trimmingCharacters(in: .newlines))

            let patched = try await session.request(
                "PATCH", "/admin/packs/level-1", token: "ci",
                curlArguments: ["--data-binary", #"{"tags":["forest","boss"],"order":5,"platforms":["ios"]}"#])
            #expect(patched.status == 200, "\(patched.text)")
            let edited = try #require(AdminSession.json(patched) as? [String: Any])
            #expect(edited["tags"] as? [String] == ["boss", "forest"] && edited["order"] as? Int == 5)
            #expect(edited["platforms"] as? [String] == ["ios"])

            let published = try await session.request(
                "POST", "/admin/publish", token: "ci", curlArguments: ["--data-binary", #"{"note":"from CI"}"#])
            #expect(published.status == 200, "\(published.text)")
            #expect(published.text == #"{"release":1,"version":1}"#)
            // The watcher picks the release up as it does for the CLI: the uploaded bytes are served.
            let served = try await StoreResponse.await(session.server.url("/packs/level-1"), within: .seconds(5)) {
                $0.status == 200
            }
            #expect(served.satisfied)
            #expect(served.response.body == FileManager.default.contents(atPath: file))

            let removed = try await session.request("DELETE", "/admin/packs/level-1", token: "ci")
            #expect(removed.status == 204)
            #expect(try await session.request("GET", "/admin/draft", token: "ci").text == "[]")
            let second = try await session.request("POST", "/admin/publish", token: "ci")
            #expect(second.text == #"{"release":2,"version":2}"#, "\(second.text)")
            let nothing = try await session.request("POST", "/admin/publish", token: "ci")
            #expect(nothing.status == 409 && nothing.headers["content-type"] == "application/problem+json")

            let rolledBack = try await session.request(
                "POST", "/admin/rollback", token: "ci", curlArguments: ["--data-binary", #"{"release":1}"#])
            #expect(rolledBack.text == #"{"release":3,"version":3}"#, "\(rolledBack.text)")
            let releases = try await session.store.run(["releases", "--json"])
            #expect(releases.stdout.contains(#""release":3"#))
            #expect(try await session.request("DELETE", "/admin/packs/level-9", token: "ci").status == 404)
            #expect(try await session.request("GET", "/admin/nothing", token: "ci").status == 404)
            let wrongMethod = try await session.request("POST", "/admin/draft", token: "ci")
            #expect(wrongMethod.status == 405 && wrongMethod.headers["allow"] == "GET, HEAD")
            #expect(try await session.server.stop() == 0)
        }

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

        @Test func tokensAreRefusedWithTheRightStatus() async throws {
            let session = try await AdminSession.start(tokens: ["ci": "upload,publish,read", "reader": "read", "old": "read"])
            let listed = try await session.store.run(["token", "ls"])
            #expect(listed.stdout.contains("reader") && listed.stdout.contains("publish,read,upload"))
            for secret in session.tokens.values { #expect(!listed.stdout.contains(secret)) }

            let anonymous = try await session.request("GET", "/admin/draft", token: nil)
            #expect(anonymous.status == 401)
            #expect(anonymous.headers["www-authenticate"]?.hasPrefix("Bearer") == true)
            #expect(anonymous.headers["content-type"] == "application/problem+json")

            #expect(try await session.request("GET", "/admin/draft", token: "old").status == 200)
            try await session.store.run(["token", "revoke", "old"])
            let revoked = try await session.request("GET", "/admin/draft", token: "old")
            #expect(revoked.status == 401, "a revoked token works until the next request, no longer")
            #expect(revoked.headers["www-authenticate"]?.contains(#"error="invalid_token""#) == true)

            let file = try session.store.randomFile("p.bin", count: 1000)
            let wrongScope = try await session.upload(file, id: "p", token: "reader")
            #expect(wrongScope.status == 403)
            #expect(wrongScope.headers["www-authenticate"]?.contains(#"scope="upload""#) == true)
            #expect(try await session.request("POST", "/admin/publish", token: "reader").status == 403)
            #expect(try await session.request("GET", "/admin/draft", token: "reader").status == 200)
            #expect(try await session.store.run(["ls", "--json"]).stdout.trimmingCharacters(in: .newlines) == "[]")
        }

        /// Five wrong tokens from one address are answered 401; then the address is blocked (429 with
        /// Retry-After, even with a valid token) for 1 s, 2 s, … after each further failure.
        @Test func repeatedFailuresFromOneAddressAreSlowedDown() async throws {
            let session = try await AdminSession.start(tokens: ["ci": "read"])
            var statuses: [Int] = []
            for attempt in 0..<7 {
                statuses.append(try await session.request("GET", "/admin/draft", token: "pst_guess\(attempt)").status)
            }
            #expect(statuses == [401, 401, 401, 401, 401, 401, 429])
            let blocked = try await session.request("GET", "/admin/draft", token: "ci")
            #expect(blocked.status == 429 && blocked.headers["retry-after"] == "1", "\(blocked.headers)")
            try await Task.sleep(for: .milliseconds(1100))
            #expect(try await session.request("GET", "/admin/draft", token: "ci").status == 200)
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
}
