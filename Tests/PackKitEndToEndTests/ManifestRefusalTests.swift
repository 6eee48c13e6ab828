import CDNSimulation
import Crypto
import Foundation
import PackKit
import Testing

/// Issue 35, "Done means" 1: PackKit in-process against the real `packserve`. Every manifest it must not
/// trust, served by the real binary — forgeries from its public directory, the real manifest read after
/// its `exp`, another channel's manifest at `/channels/beta/manifest` — is refused with its own error and
/// no pack is requested; the trusted one then downloads, and its pack stays usable offline after `exp`.
@Suite struct ManifestRefusals {
    @Test func everyUntrustworthyManifestIsRefusedWithItsOwnErrorBeforeAnyDownload() async throws {
        let port = try await FreePorts.pick(1)[0]
        let environment = ["PACKSERVE_PUBLICBASEURL": "http://127.0.0.1:\(port)", "PACKSERVE_LISTEN_PORT": "\(port)"]
        let store = try StoreWorkspace()
        try await store.run(["add", try store.randomFile("forest.bin", count: 300_000), "--id", "forest", "--tag", "forest"])
        try await store.run(["publish"], environment: environment)
        try await store.run(["channel", "create", "beta"], environment: environment)
        let server = try await store.serve(environment: environment)
        let key = try ServerSigningKey(store: store)
        let pinned = try key.pinned

        let real = try CompactJWS(Array(try await StoreResponse.get(server.url("/manifest")).body))
        #expect(real.header.kid == pinned.keyID, "the app pins the key the server signs with")
        let payload = try JSONDecoder().decode(PackManifest.self, from: Data(real.payload))
        let encodedHeader = String(decoding: real.signingInput.prefix { $0 != UInt8(ascii: ".") }, as: UTF8.self)
        let encodedPayload = Base64URL.encode(real.payload)
        let signature = Base64URL.encode(real.signature)
        let kid = pinned.keyID
        let work = try TemporaryDirectory("packserve-e2e-packkit-refusals")
        try await ChildProcess.run(try ExternalTool.path(of: "openssl"), [
            "pkey", "-in", "\(store.dataDirectory)/keys/manifest-signing.key", "-pubout", "-out", work.file("public.pem"),
        ])
        let publicKeyPEM = try String(contentsOfFile: work.file("public.pem"), encoding: .utf8)
        // HS256 keyed with the public key: the classic confusion attack (RFC 8725 §2.1).
        let hmacHeader = Base64URL.encode(Array(#"{"alg":"HS256","kid":"\#(kid)","typ":"JWT"}"#.utf8))
        let hmac = HMAC<SHA256>.authenticationCode(
            for: Array("\(hmacHeader).\(encodedPayload)".utf8), using: SymmetricKey(data: Array(publicKeyPEM.utf8)))
        let forgeries: [(name: String, jws: String, refusal: ManifestVerificationError)] = [
            ("alg-none", Base64URL.encode(Array(#"{"alg":"none","typ":"JWT"}"#.utf8)) + ".\(encodedPayload).", .algorithmNone),
            ("hs256", "\(hmacHeader).\(encodedPayload).\(Base64URL.encode(Array(hmac)))", .unsupportedAlgorithm("HS256")),
            (
                "unknown-kid",
                try ServerSigningKey.compactJWS(
                    header: #"{"alg":"EdDSA","kid":"0123456789abcdef","typ":"JWT"}"#, encodedPayload: encodedPayload,
                    key: Curve25519.Signing.PrivateKey()),
                .unknownKeyID("0123456789abcdef")
            ),
            // The real parts, the payload padded: base64url in a JWS has no `=` (RFC 7515 §2).
            ("bad-base64url", "\(encodedHeader).\(encodedPayload)=.\(signature)", .badBase64URL(.payload)),
            // Signed with the server's own key, but requiring an extension PackKit does not know (§4.1.11).
            (
                "unknown-crit",
                try ServerSigningKey.compactJWS(
                    header: #"{"alg":"EdDSA","crit":["x-packserve-unknown"],"kid":"\#(kid)","typ":"JWT","x-packserve-unknown":true}"#,
                    encodedPayload: encodedPayload, key: key.privateKey),
                .unsupportedCritical(["x-packserve-unknown"])
            ),
        ]
        // One quick retry: the last catalog reads with the server gone.
        let retry = RetryPolicy(maxRetries: 1, initialDelay: .milliseconds(10))
        func catalog(_ base: String, name: String, clock: @escaping @Sendable () -> Date = Date.init) throws -> PackCatalog {
            try PackCatalog(
                configuration: PackCatalogConfiguration(baseURL: URL(string: base)!, keys: [pinned], retry: retry, clock: clock),
                storeDirectory: URL(fileURLWithPath: try work.directory(name)))
        }
        for forgery in forgeries {
            let directory = "\(store.publicDirectory)/forged/\(forgery.name)"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try Data(forgery.jws.utf8).write(to: URL(fileURLWithPath: "\(directory)/manifest"))
            let app = try catalog(server.url("/forged/\(forgery.name)"), name: forgery.name)
            await #expect(throws: PackKitError.verification(forgery.refusal), "\(forgery.name)") {
                try await app.makeAvailable(tags: ["forest"])
            }
        }

        // The real manifest, read by a device whose clock is past its `exp` and the minute of leeway.
        let afterExpiry = Date(timeIntervalSince1970: TimeInterval(payload.exp + 3_600))
        let late = try catalog(server.url(""), name: "late", clock: { afterExpiry })
        await #expect(throws: PackKitError.verification(.expired(exp: payload.exp, now: payload.exp + 3_600))) {
            try await late.makeAvailable(tags: ["forest"])
        }

        // An app reading production, handed beta's manifest (a misrouted proxy, a swapped URL).
        let misrouted = try catalog(server.url("/channels/beta"), name: "misrouted")
        #expect(misrouted.manifestURL.absoluteString == server.url("/channels/beta/manifest"))
        await #expect(throws: PackKitError.verification(.otherChannel(signedFor: "beta", expected: "production"))) {
            try await misrouted.makeAvailable(tags: ["forest"])
        }
        #expect(server.logLines(containing: "/blobs/").isEmpty && server.logLines(containing: "/packs/").isEmpty, "no pack requested")

        // The trusted manifest downloads the pack; after `exp`, with the server gone, it is still there.
        let trusted = try await catalog(server.url(""), name: "trusted").makeAvailable(tags: ["forest"])
        let served = try await StoreResponse.get(server.url("/packs/forest")).body
        #expect(trusted.count == 1 && FileManager.default.contents(atPath: trusted[0].url.path) == Data(served))
        #expect(try await server.stop() == 0)
        let offline = try await catalog(server.url(""), name: "trusted", clock: { afterExpiry }).makeAvailable(tags: ["forest"])
        #expect(offline == trusted)
    }
}
