import Foundation
import PackServeTesting
import Testing

/// Issue 12, done means 3 (docs/api.md "Private packs"): a private pack's bytes, by id and by digest, only
/// with a signed URL that has not expired or a live `download` token; 403 and no bytes otherwise.
@Suite struct PrivatePacks {
    /// What every refusal looks like: 403, a problem document, `Cache-Control: no-store`, none of the bytes.
    static func expectRefused(_ response: TestResponse, _ paid: Data, _ what: String) {
        #expect(response.status == 403, "\(what): \(response.status) \(response.text)")
        #expect(response.headers["cache-control"] == "no-store", "\(what)")
        #expect(response.headers["content-type"] == "application/problem+json", "\(what)")
        #expect(response.body.count < 1000 && !paid.prefix(64).isEmpty && response.body.range(of: paid.prefix(64)) == nil, "\(what)")
    }

    @Test func withoutCredentialsNoBytesByIdOrDigest() async throws {
        let fixture = try await PrivatePackFixture.start()
        let manifest = try await fixture.get("/manifest.json")
        #expect(manifest.text.contains(#"{"access":"private","contentType":"application/octet-stream","id":"paid""#), "\(manifest.text)")
        #expect(!manifest.text.contains(#""access":"public""#), "public packs keep their old form")

        for path in ["/packs/paid", "/blobs/sha256/\(fixture.paidSHA256)"] {
            Self.expectRefused(try await fixture.get(path), fixture.paidBytes, "GET \(path)")
            // HEAD: the status and fields of the refusal (that no byte follows the head is the end-to-end
            // suite's, on a raw socket).
            let head = try await fixture.server.client.request("HEAD", path)
            #expect(head.status == 403 && head.headers["cache-control"] == "no-store" && head.body.isEmpty, "HEAD \(path)")
            Self.expectRefused(try await fixture.get(path, headers: [("Range", "bytes=0-99")]), fixture.paidBytes, "Range \(path)")
            Self.expectRefused(
                try await fixture.get(path, headers: [("If-None-Match", "\"\(fixture.paidSHA256)\"")]), fixture.paidBytes,
                "conditional \(path)")
            // A token without the download scope is no better than none.
            Self.expectRefused(try await fixture.get(path, token: "ci"), fixture.paidBytes, "upload token \(path)")
        }
        let free = try await fixture.get("/packs/free")
        #expect(free.status == 200 && free.headers["cache-control"] == "public, max-age=0, s-maxage=60, stale-if-error=86400")
    }

    @Test func aSignedURLWorksUntilItExpiresAndNotWithOneByteChanged() async throws {
        let fixture = try await PrivatePackFixture.start()
        let url = try await fixture.signedPath(ttl: 600)
        #expect(url.hasPrefix("/blobs/sha256/\(fixture.paidSHA256)?expires="), "the manifest's URL style: \(url)")
        let served = try await fixture.get(url)
        #expect(served.status == 200)
        #expect(served.body == fixture.paidBytes)
        #expect(served.headers["cache-control"] == "private, no-store")
        let ranged = try await fixture.get(url, headers: [("Range", "bytes=100-199")])
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
        Self.expectRefused(try await fixture.get("/packs/paid" + query), fixture.paidBytes, "another path")
        var lastCharacter = url
        let last = lastCharacter.index(before: lastCharacter.endIndex)
        lastCharacter.replaceSubrange(last..., with: String(UnicodeScalar(lastCharacter.unicodeScalars.last!.value ^ 1)!))
        Self.expectRefused(try await fixture.get(lastCharacter), fixture.paidBytes, "changed spare bits")

        // A URL valid for one second: accepted in its last second, refused once that second has passed
        // (the server's clock is the manual one: no waiting).
        let brief = try await fixture.signedPath(ttl: 1)
        let expiry = try #require(Int64(URLComponents(string: brief)?.queryItems?.first { $0.name == "expires" }?.value ?? ""))
        #expect(expiry == fixture.server.clock.now + 1)
        fixture.server.clock.advance(by: 1)
        #expect(try await fixture.get(brief).status == 200, "still valid at its expiry second")
        fixture.server.clock.advance(by: 1)
        let expired = try await fixture.get(brief)
        Self.expectRefused(expired, fixture.paidBytes, "expired")
        #expect(expired.text.contains("expired"))
    }

    @Test func aDownloadTokenWorksUntilRevokedAndMintsURLs() async throws {
        let fixture = try await PrivatePackFixture.start()
        for path in ["/packs/paid", "/blobs/sha256/\(fixture.paidSHA256)"] {
            let served = try await fixture.get(path, token: "app")
            #expect(served.status == 200 && served.body == fixture.paidBytes, "\(path)")
            #expect(served.headers["cache-control"] == "private, no-store")
        }

        // An app's backend asks for a URL with its download token; an upload token may not.
        let minted = try await fixture.mint(#"{"id":"paid","ttl":120}"#, token: "app")
        #expect(minted.status == 200, "\(minted.text)")
        let answer = try #require(minted.object)
        let url = try #require(URLComponents(string: answer["url"] as? String ?? ""))
        #expect(answer["expires"] as? Int == Int(fixture.server.clock.now) + 120)
        let viaMinted = try await fixture.get(url.percentEncodedPath + "?" + (url.percentEncodedQuery ?? ""))
        #expect(viaMinted.status == 200 && viaMinted.body == fixture.paidBytes)
        #expect(try await fixture.mint(#"{"id":"paid","ttl":120}"#, token: "ci").status == 403)
        #expect(try await fixture.mint(#"{"id":"nope","ttl":120}"#, token: "app").status == 404)
        #expect(try await fixture.mint(#"{"id":"paid","ttl":99999999}"#, token: "app").status == 400)

        // Revoked (as `token revoke` does): the watcher's next poll stops taking it (that a poll comes within
        // a second is the end-to-end suite's).
        try fixture.server.store.revokeToken(name: "app")
        #expect(try await fixture.get("/packs/paid", token: "app").status == 200, "until the next poll")
        fixture.server.refresh()
        Self.expectRefused(try await fixture.get("/packs/paid", token: "app"), fixture.paidBytes, "revoked token")
    }
}
