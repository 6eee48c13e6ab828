import Foundation
import CDNSimulation
import Testing

extension EndToEnd {
    /// Issue 4: the served manifest verified by tools this project did not write, its version across
    /// publish, rollback and restart, and a restart under another base URL. (Re-signing before expiry and the
    /// host allow-list on every route are ApplicationTests' `ManifestRenewal` and `MisdirectedHost`.)
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
    }
}
