import Foundation
import Testing

extension EndToEnd {
    /// Issue 12, done means 3 (docs/api.md "Private packs"): a private pack's bytes, by id and by digest, only
    /// with a signed URL that has not expired or a live `download` token; 403 and no bytes otherwise.
    @Suite struct PrivatePacks {
        struct Fixture {
            let session: AdminSession
            let paid: String
            let paidSHA256: String
            let paidBytes: Data

            var server: RunningPackServe { session.server }

            static func start() async throws -> Fixture {
                var paid = ""
                let session = try await AdminSession.start(tokens: ["app": "download", "ci": "upload,publish,read"]) { store in
                    paid = try store.randomFile("paid.bin", count: 300_000)
                    try await store.run(["add", paid, "--id", "paid"])
                    try await store.run(["add", try store.randomFile("free.bin", count: 1000), "--id", "free"])
                    try await store.run(["set", "paid", "--access", "private"])
                    try await store.run(["publish"])
                    return [:]
                }
                return Fixture(
                    session: session, paid: paid, paidSHA256: try await ExternalTool.sha256(of: paid),
                    paidBytes: try Data(contentsOf: URL(fileURLWithPath: paid)))
            }

            /// `sign-url`'s URL, moved onto the running server (the CLI names `publicBaseURL`).
            func signedURL(ttl: Int) async throws -> String {
                let printed = try await session.store.run(["sign-url", "paid", "--ttl", String(ttl)])
                let url = try #require(URLComponents(string: printed.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
                return server.url(url.percentEncodedPath + "?" + (url.percentEncodedQuery ?? ""))
            }

            func get(_ url: String, token: String? = nil, _ arguments: [String] = []) async throws -> StoreResponse {
                let authorization = token.map { ["-H", "Authorization: Bearer \(session.tokens[$0] ?? $0)"] } ?? []
                return try await StoreResponse.get(url, curlArguments: authorization + arguments)
            }
        }

        /// What every refusal looks like: 403, a problem document, `Cache-Control: no-store`, none of the bytes.
        static func expectRefused(_ response: StoreResponse, _ paid: Data, _ what: String) {
            #expect(response.status == 403, "\(what): \(response.status) \(response.text)")
            #expect(response.headers["cache-control"] == "no-store", "\(what)")
            #expect(response.headers["content-type"] == "application/problem+json", "\(what)")
            #expect(response.body.count < 1000 && !paid.prefix(64).isEmpty && response.body.range(of: paid.prefix(64)) == nil, "\(what)")
        }

        @Test func withoutCredentialsNoBytesByIdOrDigest() async throws {
            let fixture = try await Fixture.start()
            let manifest = try await fixture.get(fixture.server.url("/manifest.json"))
            #expect(manifest.text.contains(#"{"access":"private","contentType":"application/octet-stream","id":"paid""#), "\(manifest.text)")
            #expect(!manifest.text.contains(#""access":"public""#), "public packs keep their old form")

            for path in ["/packs/paid", "/blobs/sha256/\(fixture.paidSHA256)"] {
                let url = fixture.server.url(path)
                Self.expectRefused(try await fixture.get(url), fixture.paidBytes, "GET \(path)")
                // (curl -I writes the head where the body would go: what is checked is that no byte of the pack
                // comes, and the status.)
                Self.expectRefused(try await fixture.get(url, ["-I"]), fixture.paidBytes, "HEAD \(path)")
                Self.expectRefused(
                    try await fixture.get(url, ["-H", "Range: bytes=0-99"]), fixture.paidBytes, "Range \(path)")
                Self.expectRefused(
                    try await fixture.get(url, ["-H", "If-None-Match: \"\(fixture.paidSHA256)\""]), fixture.paidBytes,
                    "conditional \(path)")
                // A token without the download scope is no better than none.
                Self.expectRefused(try await fixture.get(url, token: "ci"), fixture.paidBytes, "upload token \(path)")
            }
            let free = try await fixture.get(fixture.server.url("/packs/free"))
            #expect(free.status == 200 && free.headers["cache-control"] == "public, max-age=0, s-maxage=60, stale-if-error=86400")
        }

        @Test func aSignedURLWorksUntilItExpiresAndNotWithOneByteChanged() async throws {
            let fixture = try await Fixture.start()
            let url = try await fixture.signedURL(ttl: 600)
            #expect(url.contains("/blobs/sha256/\(fixture.paidSHA256)?expires="), "the manifest's URL style: \(url)")
            let served = try await fixture.get(url)
            #expect(served.status == 200)
            #expect(served.body == fixture.paidBytes)
            #expect(served.headers["cache-control"] == "private, no-store")
            let ranged = try await fixture.get(url, ["-H", "Range: bytes=100-199"])
            #expect(ranged.status == 206 && ranged.body == fixture.paidBytes[100..<200])

            // One byte changed: in the signature, in the expiry, in the path.
            let signature = try #require(url.range(of: "sig=")).upperBound
            var flipped = url
            let index = flipped.index(signature, offsetBy: 5)
            flipped.replaceSubrange(index...index, with: flipped[index] == "A" ? "B" : "A")
            Self.expectRefused(try await fixture.get(flipped), fixture.paidBytes, "changed signature")
            let expires = try #require(url.range(of: "expires=")).upperBound
            var later = url
            let digit = later.index(expires, offsetBy: 9)
            later.replaceSubrange(digit...digit, with: later[digit] == "9" ? "8" : "9")
            Self.expectRefused(try await fixture.get(later), fixture.paidBytes, "changed expiry")
            let query = String(url[url.firstIndex(of: "?")!...])
            Self.expectRefused(
                try await fixture.get(fixture.server.url("/packs/paid") + query), fixture.paidBytes, "another path")
            var lastCharacter = url
            let last = lastCharacter.index(before: lastCharacter.endIndex)
            lastCharacter.replaceSubrange(last..., with: String(UnicodeScalar(lastCharacter.unicodeScalars.last!.value ^ 1)!))
            Self.expectRefused(try await fixture.get(lastCharacter), fixture.paidBytes, "changed spare bits")

            // A URL valid for one second: accepted now, refused once the second has passed.
            let brief = try await fixture.signedURL(ttl: 1)
            let expiry = try #require(Int(URLComponents(string: brief)?.queryItems?.first { $0.name == "expires" }?.value ?? ""))
            while Int(Date().timeIntervalSince1970) <= expiry { try await Task.sleep(for: .milliseconds(200)) }
            let expired = try await fixture.get(brief)
            Self.expectRefused(expired, fixture.paidBytes, "expired")
            #expect(expired.text.contains("expired"))
        }

        @Test func aDownloadTokenWorksUntilRevokedAndMintsURLs() async throws {
            let fixture = try await Fixture.start()
            for path in ["/packs/paid", "/blobs/sha256/\(fixture.paidSHA256)"] {
                let served = try await fixture.get(fixture.server.url(path), token: "app")
                #expect(served.status == 200 && served.body == fixture.paidBytes, "\(path)")
                #expect(served.headers["cache-control"] == "private, no-store")
            }

            // An app's backend asks for a URL with its download token; an upload token may not.
            let minted = try await fixture.session.request(
                "POST", "/admin/urls", token: "app",
                curlArguments: ["-H", "Content-Type: application/json", "--data", #"{"id":"paid","ttl":120}"#])
            #expect(minted.status == 200, "\(minted.text)")
            let answer = try #require(AdminSession.json(minted) as? [String: Any])
            let url = try #require(URLComponents(string: answer["url"] as? String ?? ""))
            let expires = try #require(answer["expires"] as? Int)
            #expect(abs(expires - Int(Date().timeIntervalSince1970) - 120) <= 5)
            let viaMinted = try await fixture.get(fixture.server.url(url.percentEncodedPath + "?" + (url.percentEncodedQuery ?? "")))
            #expect(viaMinted.status == 200 && viaMinted.body == fixture.paidBytes)
            let refused = try await fixture.session.request(
                "POST", "/admin/urls", token: "ci", curlArguments: ["--data", #"{"id":"paid","ttl":120}"#])
            #expect(refused.status == 403, "\(refused.text)")
            let unknown = try await fixture.session.request(
                "POST", "/admin/urls", token: "app", curlArguments: ["--data", #"{"id":"nope","ttl":120}"#])
            #expect(unknown.status == 404, "\(unknown.text)")
            let tooLong = try await fixture.session.request(
                "POST", "/admin/urls", token: "app", curlArguments: ["--data", #"{"id":"paid","ttl":99999999}"#])
            #expect(tooLong.status == 400, "\(tooLong.text)")

            // Revoked with the CLI: the running server stops taking it within a poll (250 ms) or two.
            try await fixture.session.store.run(["token", "revoke", "app"])
            let clock = ContinuousClock()
            let revokedAt = clock.now
            var afterRevoke = try await fixture.get(fixture.server.url("/packs/paid"), token: "app")
            while afterRevoke.status == 200, clock.now - revokedAt < .seconds(2) {
                try await Task.sleep(for: .milliseconds(100))
                afterRevoke = try await fixture.get(fixture.server.url("/packs/paid"), token: "app")
            }
            Self.expectRefused(afterRevoke, fixture.paidBytes, "revoked token")
        }
    }
}
