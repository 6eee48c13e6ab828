import Foundation
import CDNSimulation
import Synchronization
import Testing

/// Issue 20, item 5: `push` and `verify` trust the development CA with `--cacert` (or SSL_CERT_FILE),
/// and every failure to get an answer is one line saying what to do.
@Suite struct ClientTrust {
    @Test func pushAndVerifyTrustTheCAGivenAndSayWhatToDoWithout() async throws {
        let made = Mutex<TestCertificates?>(nil)
        let session = try await AdminSession.start(tokens: ["ci": "upload,publish,read"]) { store in
            let certificates = try await TestCertificates.make(in: store.directory.file("tls"))
            made.withLock { $0 = certificates }
            return ["tls": certificates.settings]
        }
        let certificates = try #require(made.withLock { $0 })
        let store = session.store
        let tokenFile = store.directory.file("ci.token")
        try Data((session.tokens["ci"]! + "\n").utf8).write(to: URL(fileURLWithPath: tokenFile))
        let file = try store.randomFile("level-1.bin", count: 200_000)
        let origin = "https://localhost:\(session.server.tlsPort)"
        let push = ["push", file, "--id", "level-1", "--server", origin, "--token-file", tokenFile, "--publish"]

        let untrusted = try await store.attempt(push)
        #expect(untrusted.status != 0)
        #expect(untrusted.stderr.split(separator: "\n").count == 1, "\(untrusted)")
        #expect(untrusted.stderr.contains("TLS: certificate of \(origin) not trusted ("), "\(untrusted)")
        #expect(untrusted.stderr.contains("use --cacert FILE)"), "\(untrusted)")

        let pushed = try await store.run(push + ["--cacert", certificates.caFile])
        #expect(pushed.lines.last == "release 1 published (manifest version 1)", "\(pushed)")

        let key = store.directory.file("manifest-signing.pub")
        try await store.run(["key", "--out", key])
        let verify = ["verify", "\(origin)/manifest", "--key", key]
        let refused = try await store.attempt(verify)
        #expect(refused.status != 0)
        #expect(refused.stdout.hasPrefix("manifest \(origin)/manifest: TLS: certificate of \(origin) not trusted ("), "\(refused)")
        let trusted = try await store.run(verify + ["--cacert", certificates.caFile])
        #expect(trusted.stdout.hasPrefix("manifest version 1 (release 1, 1 packs)"), "\(trusted)")
        // Without --cacert, OpenSSL's default locations are used, and they honour SSL_CERT_FILE.
        let byEnvironment = try await store.run(verify, environment: ["SSL_CERT_FILE": certificates.caFile])
        #expect(byEnvironment.stdout.hasPrefix("manifest version 1 (release 1, 1 packs)"), "\(byEnvironment)")

        let missing = try await store.attempt(verify + ["--cacert", store.directory.file("nope.pem")])
        #expect(missing.stderr.contains("cannot load CA certificates from \(store.directory.file("nope.pem"))"), "\(missing)")
    }

    @Test func aClosedPortIsOneLine() async throws {
        let store = try StoreWorkspace()
        let port = try await FreePorts.pick(1)[0]
        let tokenFile = store.directory.file("t.token")
        try Data("ps_t_x\n".utf8).write(to: URL(fileURLWithPath: tokenFile))
        let push = try await store.attempt([
            "push", try store.randomFile("a.bin", count: 10), "--id", "a", "--server", "http://127.0.0.1:\(port)", "--token-file", tokenFile,
        ])
        #expect(push.status != 0)
        #expect(push.stderr.trimmingCharacters(in: .newlines) == "Error: cannot connect to http://127.0.0.1:\(port): connection refused", "\(push)")
        let verify = try await store.attempt(["verify", "http://127.0.0.1:\(port)/manifest?token=secret", "--key", tokenFile])
        #expect(!verify.stdout.contains("secret") && !verify.stderr.contains("secret"), "\(verify)")
    }
}
