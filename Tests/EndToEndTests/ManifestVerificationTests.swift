import Foundation
import Testing

extension EndToEnd {
    /// Issue 4: the served manifest verified by tools this project did not write, its version across
    /// publish, rollback and restart, and the host allow-list on every route.
    @Suite struct ManifestVerification {
        @Test func opensslAndJoserfcVerifyTheServedManifestAndRefuseATamperedOne() async throws {
            let store = try StoreWorkspace()
            try await store.run(["add", try store.randomFile("a.bin", count: 50_000), "--id", "level-1", "--tag", "forest"])
            try await store.run(["publish"])
            let server = try await store.serve()
            let work = try TemporaryDirectory("packserve-e2e-manifest")
            let payload = try await StoreResponse.get(server.url("/manifest.json"))
            let signature = try await StoreResponse.get(server.url("/manifest.json.sig"))
            let token = try await StoreResponse.get(server.url("/manifest"))
            let keySet = try await StoreResponse.get(server.url("/.well-known/jwks.json"))
            #expect(payload.status == 200 && signature.status == 200 && token.status == 200 && keySet.status == 200)
            #expect(signature.body.count == 64)
            #expect(token.headers["content-type"] == "application/jwt")
            let files = ["payload": payload.body, "sig": signature.body, "jws": token.body, "jwks": keySet.body]
            for (name, bytes) in files { try bytes.write(to: URL(fileURLWithPath: work.file(name))) }

            // openssl: the raw Ed25519 signature over exactly the payload bytes.
            let openssl = try ExternalTool.path(of: "openssl")
            try await ChildProcess.run(openssl, [
                "pkey", "-in", "\(store.dataDirectory)/keys/manifest-signing.key", "-pubout", "-out", work.file("pub.pem"),
            ])
            let verify = { (payloadFile: String) in
                try ChildProcess(openssl, [
                    "pkeyutl", "-verify", "-pubin", "-inkey", work.file("pub.pem"), "-rawin", "-in", payloadFile,
                    "-sigfile", work.file("sig"),
                ])
            }
            #expect(try await verify(work.file("payload")).exitStatus(within: .seconds(30)) == 0)
            var tampered = payload.body
            tampered[tampered.count / 2] ^= 0x20
            try tampered.write(to: URL(fileURLWithPath: work.file("tampered")))
            #expect(try await verify(work.file("tampered")).exitStatus(within: .seconds(30)) != 0)

            // joserfc: the compact JWS with the key from the JWK Set.
            let python = try ExternalTool.path(of: "python3")
            let good = try await ChildProcess.run(
                python, [ManifestCheckScript.script, work.file("jws"), work.file("jwks"), work.file("payload")])
            #expect(good.stdout.text.hasPrefix("OK 1"), "\(good.stdout.text)")
            let parts = String(decoding: token.body, as: UTF8.self).split(separator: ".")
            let forgedPayload = Data(tampered).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
            try Data("\(parts[0]).\(forgedPayload).\(parts[2])".utf8).write(to: URL(fileURLWithPath: work.file("forged")))
            let forged = try ChildProcess(
                python, [ManifestCheckScript.script, work.file("forged"), work.file("jwks"), work.file("tampered")])
            #expect(try await forged.exitStatus(within: .seconds(30)) == 1)
            #expect(forged.stdout.text.hasPrefix("REFUSED"), "\(forged.stdout.text)")
            #expect(try await server.stop() == 0)
        }

        @Test func versionGrowsAcrossPublishRollbackAndRestart() async throws {
            let store = try StoreWorkspace()
            try await store.run(["add", try store.randomFile("a.bin", count: 1_000), "--id", "a"])
            #expect(try await store.run(["publish"]).stdout.hasPrefix("release 1 published (manifest version 1"))
            try await store.run(["add", try store.randomFile("b.bin", count: 1_000), "--id", "b"])
            #expect(try await store.run(["publish"]).stdout.hasPrefix("release 2 published (manifest version 2"))
            #expect(try await store.run(["rollback", "1"]).stdout.hasPrefix("release 3 published (manifest version 3"))

            for _ in 0..<2 {
                let server = try await store.serve()
                let served = try JSONSerialization.jsonObject(
                    with: try await StoreResponse.get(server.url("/manifest.json")).body) as? [String: Any]
                #expect(served?["version"] as? Int == 3 && served?["release"] as? Int == 3, "\(served ?? [:])")
                #expect(try await server.stop() == 0)
            }
            #expect(try await store.run(["publish", "--note", "back"]).stdout.hasPrefix("release 4 published (manifest version 4"))
        }

        /// A manifest close to expiry is re-signed by the running daemon, without a restart, as the next version.
        @Test func theDaemonReSignsBeforeExpiry() async throws {
            let store = try StoreWorkspace()
            let shortLived = ["PACKSERVE_SIGNING_MANIFESTLIFETIMESECONDS": "3"]
            try await store.run(["add", try store.randomFile("a.bin", count: 1_000), "--id", "a"])
            try await store.run(["publish"], environment: shortLived)
            let server = try await store.serve(environment: shortLived)
            let (response, elapsed, resigned) = try await StoreResponse.await(
                server.url("/manifest.json"), within: .seconds(8)
            ) { response in
                let document = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]
                return (document?["version"] as? Int ?? 0) >= 3
            }
            let document = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
            #expect(resigned, "after \(elapsed): \(response.text)")
            let iat = document?["iat"] as? Int ?? 0
            let exp = document?["exp"] as? Int ?? 0
            #expect(exp - iat == 3 && exp > Int(Date().timeIntervalSince1970) - 1, "\(document ?? [:])")
            #expect(document?["release"] as? Int == 1)
            #expect(try await server.stop() == 0)
        }

        /// The index's manifest names another base URL than the daemon's configuration (the operator moved
        /// the server): the daemon re-signs at once, as the next version, rather than serving stale URLs.
        @Test func aDaemonWithAnotherBaseURLReSignsAtOnce() async throws {
            let store = try StoreWorkspace()
            try await store.run(["add", try store.randomFile("a.bin", count: 1_000), "--id", "a"])
            try await store.run(["publish"], environment: ["PACKSERVE_PUBLICBASEURL": "http://localhost:1"])
            let server = try await store.serve(environment: ["PACKSERVE_PUBLICBASEURL": "http://127.0.0.1:2"])
            let (response, elapsed, moved) = try await StoreResponse.await(server.url("/manifest.json"), within: .seconds(5)) {
                ($0.text.contains("\"iss\":\"http://127.0.0.1:2\""))
            }
            #expect(moved, "after \(elapsed): \(response.text)")
            let document = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
            let packs = document?["packs"] as? [[String: Any]]
            #expect(document?["version"] as? Int == 2 && document?["release"] as? Int == 1, "\(document ?? [:])")
            #expect((packs?.first?["url"] as? String)?.hasPrefix("http://127.0.0.1:2/blobs/sha256/") == true)
            #expect(server.child.stderr.text.contains("(the base URL, pack URL style or key changed)"))
            #expect(try await server.stop() == 0)
        }

        /// Every route but the probes: 421 with only the problem naming the refused and allowed hosts (no
        /// content of the route, whatever the method or Range); HEAD gets the head alone. The probes answer.
        @Test func aDisallowedHostGets421AndOnlyTheProblemOnEveryRoute() async throws {
            let store = try StoreWorkspace()
            let added = try await store.run(["add", try store.randomFile("a.bin", count: 10_000), "--id", "a", "--tag", "t", "--json"])
            let sha = try #require(
                (try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any])?["sha256"] as? String)
            try await store.run(["publish"])
            try Data("<p>hi</p>".utf8).write(to: URL(fileURLWithPath: "\(store.publicDirectory)/index.html"))
            let server = try await store.serve()
            let curl = try ExternalTool.curl()
            let problem = #"{"allowedHosts":["localhost","127.0.0.1"],"detail":"this server does not answer for host "#
                + #"assets.evil.example; allowed hosts: localhost, 127.0.0.1","host":"assets.evil.example","status":421,"#
                + #""title":"Misdirected Request","type":"about:blank"}"#
            let paths = [
                "/", "/index.html", "/releases", "/tags/t", "/packs/a", "/blobs/sha256/\(sha)",
                "/manifest", "/manifest.json", "/manifest.json.sig", "/.well-known/jwks.json", "/nope",
            ]
            let variants: [(String, [String], String)] = [
                ("GET", [], problem), ("HEAD", ["-I"], ""), ("GET+Range", ["-H", "Range: bytes=0-9"], problem),
            ]
            for path in paths {
                for (name, extra, body) in variants {
                    let run = try await ChildProcess.run(curl, [
                        "--http1.1", "-s", "-o", "-", "-w", "\n%{http_code} %{size_download} %{content_type}",
                        "-H", "Host: assets.evil.example",
                    ] + extra + [server.url(path)])
                    let output = run.stdout.text
                    let expected = name == "HEAD" ? "421 0 application/problem+json" : "421 \(body.utf8.count) application/problem+json"
                    #expect(output.hasSuffix("\n" + expected), "\(name) \(path): \(output)")
                    if name != "HEAD" { #expect(output.hasPrefix(body + "\n"), "\(name) \(path): \(output)") }
                }
                // The same request with an allowed Host is answered normally.
                let allowed = try await StoreResponse.get(server.url(path))
                #expect(allowed.status != 421, "\(path) with an allowed Host")
            }
            for path in ["/healthz", "/readyz"] {
                let probe = try await StoreResponse.get(server.url(path), curlArguments: ["-H", "Host: assets.evil.example"])
                #expect(probe.status == 200, "\(path): \(probe.text)")
            }
            #expect(try await server.stop() == 0)
        }
    }
}
