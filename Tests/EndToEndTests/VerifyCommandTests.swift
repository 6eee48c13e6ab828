import Foundation
import CDNSimulation
import Polling
import Testing

extension EndToEnd {
    /// Issue 4: `packserve verify` checks the served manifest and, with `--download`, every pack, and
    /// resumes interrupted transfers with Range instead of starting them again.
    @Suite struct VerifyCommand {
        /// A store with packs published for `baseURL`, served on `port`, and its public key as a PEM file.
        struct Published {
            let store: StoreWorkspace
            let server: RunningPackServe
            let publicKey: String
            let work: TemporaryDirectory

            /// `prepare` runs after the packs are added and before the release is published.
            init(
                packs: [(id: String, bytes: Int)], port: Int, baseURL: String,
                prepare: (StoreWorkspace) async throws -> Void = { _ in }
            ) async throws {
                store = try StoreWorkspace()
                work = try TemporaryDirectory("packserve-e2e-verify")
                let environment = ["PACKSERVE_PUBLICBASEURL": baseURL]
                for pack in packs {
                    try await store.run(["add", try store.randomFile("\(pack.id).bin", count: pack.bytes), "--id", pack.id])
                }
                try await prepare(store)
                try await store.run(["publish"], environment: environment)
                server = try await store.serve(environment: environment.merging(["PACKSERVE_LISTEN_PORT": "\(port)"]) { $1 })
                publicKey = work.file("manifest-signing.pub")
                try await ChildProcess.run(try ExternalTool.path(of: "openssl"), [
                    "pkey", "-in", "\(store.dataDirectory)/keys/manifest-signing.key", "-pubout", "-out", publicKey,
                ])
            }

            func verify(_ arguments: [String]) async throws -> StoreCommandResult {
                try await store.attempt(["verify"] + arguments + ["--key", publicKey], timeout: .seconds(120))
            }

            func sha256(of id: String) async throws -> String {
                let listing = try await store.run(["ls", "--json"]).stdout
                let packs = try JSONSerialization.jsonObject(with: Data(listing.utf8)) as? [[String: Any]] ?? []
                guard let sha = packs.first(where: { $0["id"] as? String == id })?["sha256"] as? String else {
                    throw EndToEndFailure("no pack \(id) in \(listing)")
                }
                return sha
            }
        }

        @Test func passesAgainstTheServerAndNamesTheCorruptedPack() async throws {
            let port = try await FreePorts.pick(1)[0]
            let base = "http://127.0.0.1:\(port)"
            let site = try await Published(packs: [("alpha", 300_000), ("beta", 2_000_000)], port: port, baseURL: base)

            let good = try await site.verify(["\(base)/manifest", "--download", "--into", site.work.file("downloads")])
            #expect(good.status == 0, "\(good)")
            #expect(good.lines.first?.hasPrefix("manifest version 1 (release 1, 2 packs): signed by key ") == true, "\(good)")
            #expect(good.lines.last == "2 of 2 packs verified: 2300000 bytes downloaded (2.2 MiB)", "\(good)")
            #expect(!FileManager.default.fileExists(atPath: site.work.file("downloads")), "verified downloads are removed")

            // The payload and its detached signature, from the server and from files.
            #expect(try await site.verify(["\(base)/manifest.json"]).status == 0)
            let payload = try await StoreResponse.get("\(base)/manifest.json").body
            try payload.write(to: URL(fileURLWithPath: site.work.file("m.json")))
            try await StoreResponse.get("\(base)/manifest.json.sig").body.write(to: URL(fileURLWithPath: site.work.file("m.json.sig")))
            #expect(try await site.verify([site.work.file("m.json")]).status == 0)

            // A tampered payload, another key, and a version below what the client already accepted.
            var tampered = payload
            tampered[tampered.count / 2] ^= 0x01
            try tampered.write(to: URL(fileURLWithPath: site.work.file("m.json")))
            let forged = try await site.verify([site.work.file("m.json")])
            #expect(forged.status == 1 && forged.lines.last?.hasSuffix("the manifest signature does not verify with the pinned key") == true, "\(forged)")
            try await site.store.run(["keygen", "--out", site.work.directory("other")])
            let otherKey = try await site.store.attempt(["verify", "\(base)/manifest", "--key", site.work.file("other/manifest-signing.pub")])
            #expect(otherKey.status == 1 && otherKey.stdout.contains("is signed with key id"), "\(otherKey)")
            let rolledBack = try await site.verify(["\(base)/manifest", "--min-version", "2"])
            #expect(rolledBack.status == 1 && rolledBack.stdout.contains("version 1 is lower than 2"), "\(rolledBack)")

            // One flipped byte in beta's blob: one line, naming beta, and exit 1.
            let beta = try await site.sha256(of: "beta")
            let blob = try FileHandle(forUpdating: URL(fileURLWithPath: site.store.blobPath(beta)))
            try blob.seek(toOffset: 1_000_000)
            let original = try blob.read(upToCount: 1)![0]
            try blob.seek(toOffset: 1_000_000)
            try blob.write(contentsOf: Data([original ^ 0xFF]))
            try blob.close()
            let corrupted = try await site.verify(["\(base)/manifest", "--download", "--into", site.work.file("downloads")])
            #expect(corrupted.status == 1, "\(corrupted)")
            #expect(corrupted.lines.count == 3, "\(corrupted)")
            #expect(corrupted.lines[1].hasPrefix("pack beta: SHA-256 is ") && corrupted.lines[1].hasSuffix("the manifest says \(beta)"), "\(corrupted)")
            #expect(corrupted.lines.last?.hasPrefix("1 of 2 packs verified") == true, "\(corrupted)")
            #expect(try await site.server.stop() == 0)
        }

        /// docs/keys.md "Rotating to a new key", steps 2 and 4, as an app sees them: the new key announced in
        /// the JWK Set first, then a restart on the new key re-signs at once, and only the new key verifies.
        @Test func keyRotationAsDocumented() async throws {
            let port = try await FreePorts.pick(1)[0]
            let base = "http://127.0.0.1:\(port)"
            let site = try await Published(packs: [("alpha", 10_000)], port: port, baseURL: base)
            let oldKey = site.publicKey
            let keygen = try await site.store.run(["keygen", "--out", site.work.directory("keys-new")])
            let newKeyID = keygen.lines.first { $0.hasPrefix("key id:") }?.split(separator: " ").last.map(String.init)
            let newKey = site.work.file("keys-new/manifest-signing.pub")
            #expect(try await site.server.stop() == 0)

            // Step 2: announce. Same signing key, the new public key listed too; nothing re-signed.
            let common = ["PACKSERVE_PUBLICBASEURL": base, "PACKSERVE_LISTEN_PORT": "\(port)"]
            let announcing = try await site.store.serve(
                environment: common.merging(["PACKSERVE_SIGNING_ADDITIONALPUBLICKEYS": newKey]) { $1 })
            var keys = try JSONSerialization.jsonObject(with: try await StoreResponse.get("\(base)/.well-known/jwks.json").body)
                as? [String: [[String: Any]]]
            #expect(keys?["keys"]?.count == 2)
            #expect(try await site.verify(["\(base)/manifest"]).stdout.hasPrefix("manifest version 1 "))
            #expect(try await announcing.stop() == 0)

            // Step 4: switch. The new private key signs; the old public key stays in the JWK Set.
            let switched = try await site.store.serve(environment: common.merging([
                "PACKSERVE_SIGNING_PRIVATEKEY": site.work.file("keys-new/manifest-signing.key"),
                "PACKSERVE_SIGNING_ADDITIONALPUBLICKEYS": oldKey,
            ]) { $1 })
            let (_, elapsed, resigned) = try await StoreResponse.await("\(base)/manifest.json", within: .seconds(5)) {
                $0.text.contains("\"version\":2")
            }
            #expect(resigned, "no re-signing after \(elapsed)")
            let withNew = try await site.store.attempt(["verify", "\(base)/manifest", "--key", newKey])
            #expect(withNew.status == 0 && withNew.stdout.hasPrefix("manifest version 2 (release 1, 1 packs): signed by key \(newKeyID ?? "?"),"), "\(withNew)")
            let withOld = try await site.store.attempt(["verify", "\(base)/manifest", "--key", oldKey])
            #expect(withOld.status == 1 && withOld.stdout.contains("is signed with key id"), "\(withOld)")
            keys = try JSONSerialization.jsonObject(with: try await StoreResponse.get("\(base)/.well-known/jwks.json").body)
                as? [String: [[String: Any]]]
            #expect(keys?["keys"]?.count == 2 && keys?["keys"]?.first?["kid"] as? String == newKeyID, "\(keys ?? [:])")
            #expect(try await switched.stop() == 0)
        }

        /// The connection breaks 3 MiB into an 8 MiB pack: the retry asks for the rest with Range and
        /// If-Range, and the bytes received add up to the pack once, not once and a bit.
        @Test func aBrokenConnectionIsResumedWithRange() async throws {
            let ports = try await FreePorts.pick(2)
            let site = try await Published(packs: [("big", 8 << 20)], port: ports[0], baseURL: "http://127.0.0.1:\(ports[1])")
            let proxy = try await InterruptingProxy(port: ports[1], upstreamPort: ports[0], mode: .cut, limit: 3 << 20)
            let sha = try await site.sha256(of: "big")

            let run = try await site.verify([
                "http://127.0.0.1:\(proxy.port)/manifest", "--download", "--into", site.work.file("downloads"),
            ])
            #expect(run.status == 0, "\(run)")
            #expect(run.lines.last == "1 of 1 packs verified: \(8 << 20) bytes downloaded (8.0 MiB)", "\(run)")
            #expect(run.stderr.contains("the response ended at byte") || run.stderr.contains("connection failed"), "\(run)")
            let responses = proxy.blobResponses
            #expect(responses.count == 2, "\(responses)")
            // Every request names its bytes (PackKit's plan): the whole pack first, then the rest of it.
            let last = (8 << 20) - 1
            #expect(responses.first?.status == 206 && responses.first?.range == "bytes=0-\(last)" && responses.first?.bodyBytes == 3 << 20)
            #expect(responses.last?.status == 206 && responses.last?.range == "bytes=\(3 << 20)-\(last)")
            #expect(responses.last?.ifRange == "\"\(sha)\"" && responses.last?.bodyBytes == 5 << 20)
            #expect(try await site.server.stop() == 0)
        }

        /// `verify` killed 5 MiB into an 8 MiB pack: the next run fetches only the remaining 3 MiB.
        @Test func aKilledDownloadIsResumedByTheNextRun() async throws {
            let ports = try await FreePorts.pick(2)
            let site = try await Published(packs: [("big", 8 << 20)], port: ports[0], baseURL: "http://127.0.0.1:\(ports[1])")
            let proxy = try await InterruptingProxy(port: ports[1], upstreamPort: ports[0], mode: .stall, limit: 5 << 20)
            let sha = try await site.sha256(of: "big")
            let downloads = site.work.file("downloads")
            let manifestURL = "http://127.0.0.1:\(proxy.port)/manifest"

            let first = try site.store.spawn(["verify", manifestURL, "--key", site.publicKey, "--download", "--into", downloads])
            let partial = "\(downloads)/\(sha).partial"
            try await Poll.until(within: .seconds(60)) { FileSize.of(partial) >= 5 << 20 }
            #expect(FileSize.of(partial) == 5 << 20)
            first.signal(SIGKILL)
            _ = try await first.exitStatus(within: .seconds(10))

            let second = try await site.verify([manifestURL, "--download", "--into", downloads])
            #expect(second.status == 0, "\(second)")
            #expect(second.stderr.contains("pack big: resuming at byte \(5 << 20) of \(8 << 20)"), "\(second)")
            #expect(second.lines.last == "1 of 1 packs verified: \(3 << 20) bytes downloaded (3.0 MiB), \(5 << 20) bytes resumed from an earlier run", "\(second)")
            let resumed = proxy.blobResponses.last
            #expect(resumed?.status == 206 && resumed?.range == "bytes=\(5 << 20)-\((8 << 20) - 1)" && resumed?.bodyBytes == 3 << 20)
            #expect(!FileManager.default.fileExists(atPath: partial))
            #expect(try await site.server.stop() == 0)
        }
    }
}
