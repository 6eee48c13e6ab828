import Crypto
import Foundation
import HTTPServer
import PackStore
import Testing

@testable import PackServer

/// `catalog.requireCredentials` in-process (docs/api.md "Catalogs that need credentials"): every document,
/// pack and blob route answers 401 with the Basic challenge unless a download token comes as a bearer token or
/// as the Basic password; every answer is `private, no-store` with no surrogate key; probes and static files
/// stay open.
@Suite struct CatalogGateTests {
    static let token = "pst_catalog-gate-test-token"
    let fixture: ResponderFixture

    init() throws {
        let credentials = DownloadCredentials(signature: nil)
        credentials.replaceTokens([Data(TokenSecret.digest(of: Self.token))])
        fixture = try ResponderFixture(credentials: credentials) { $0.catalog.requireCredentials = true }
    }

    static func basic(_ user: String, _ password: String) -> (String, String) {
        ("authorization", "Basic " + Data("\(user):\(password)".utf8).base64EncodedString())
    }

    var gated: [String] {
        ["/manifest", "/manifest.json", "/manifest.json.sig", "/download-manifest.json", "/manifest?platform=ios",
         "/tags/levels", "/tags?tag=levels", "/releases", "/.well-known/jwks.json", "/packs/level-1",
         "/blobs/sha256/\(fixture.level.sha256)"]
    }

    @Test func withoutADownloadTokenEveryContentRouteIs401WithTheChallenge() {
        let refusals: [[(String, String)]] = [
            [], [("authorization", "Bearer pst_wrong")], [Self.basic("app", "pst_wrong")], [Self.basic("app", "")],
            [("authorization", "Basic not-base64!")], [("authorization", "Digest username=\"app\"")],
        ]
        for path in gated + ["/packs/nope", "/tags/nope"] {
            for headers in refusals {
                let response = fixture.request(path, headers: headers)
                #expect(response.status == .unauthorized, "\(path) \(headers)")
                #expect(response.headers["www-authenticate"] == #"Basic realm="packserve""#, "\(path)")
                #expect(response.headers["cache-control"] == "private, no-store", "\(path)")
                #expect(response.headers["xkey"] == nil, "\(path)")
                #expect(response.text.contains("download scope"), "\(path): \(response.text)")
            }
        }
    }

    @Test func aDownloadTokenAsBearerOrBasicPasswordOpensEveryRoute() {
        for path in gated {
            for header in [("authorization", "Bearer \(Self.token)"), Self.basic("anyone", Self.token),
                           Self.basic("", Self.token), ("Authorization", "basic " + Data("a:\(Self.token)".utf8).base64EncodedString())] {
                let response = fixture.request(path, headers: [header])
                #expect(response.status == .ok, "\(path) with \(header.1): \(response.status.code) \(response.text)")
                #expect(response.headers["cache-control"] == "private, no-store", "\(path)")
                #expect(response.headers["xkey"] == nil, "\(path)")
            }
        }
        // What is not there is still not there, once the token is known good.
        #expect(fixture.request("/packs/nope", headers: [("authorization", "Bearer \(Self.token)")]).status == .notFound)
    }

    /// Packs and blobs also take their signed URLs (for their own path only, and not yet expired); documents
    /// do not.
    @Test func aSignedURLOpensItsPackButNoDocument() throws {
        let signature = URLSignature(secret: SymmetricKey(data: Data(repeating: 7, count: 32)))
        let fixture = try ResponderFixture(credentials: DownloadCredentials(signature: signature)) {
            $0.catalog.requireCredentials = true
        }
        let future = Int64(Date().timeIntervalSince1970) + 600
        let pack = signature.query(path: "/packs/level-1", expires: future)
        #expect(fixture.request("/packs/level-1?\(pack)").status == .ok)
        #expect(fixture.request("/packs/Tutorial?\(pack)").status == .unauthorized, "another pack's URL")
        #expect(fixture.request("/manifest?\(signature.query(path: "/manifest", expires: future))").status == .unauthorized)
        let expired = signature.query(path: "/packs/level-1", expires: future - 1_200)
        #expect(fixture.request("/packs/level-1?\(expired)").status == .unauthorized)
    }

    @Test func probesAndTheCatalogPageStayOpen() {
        #expect(fixture.request("/healthz").status == .ok)
        #expect(fixture.request("/readyz").status == .ok)
        #expect(fixture.request("/index.html").status == .ok)
    }

    @Test func aPublicCatalogIsUnchanged() throws {
        let open = try ResponderFixture()
        let response = open.request("/manifest")
        #expect(response.status == .ok && response.headers["www-authenticate"] == nil)
        #expect(response.headers["cache-control"] == "public, max-age=0, s-maxage=60, stale-if-error=86400")
    }

    @Test func basicCredentialsYieldThePasswordAfterTheFirstColon() {
        #expect(BasicCredentials.password(in: ["authorization": Self.basic("u", "p:q").1]) == "p:q")
        #expect(BasicCredentials.password(in: ["authorization": "Basic " + Data("no-colon".utf8).base64EncodedString()]) == nil)
        #expect(BasicCredentials.password(in: ["authorization": "Bearer x"]) == nil)
        #expect(BasicCredentials.password(in: [:]) == nil)
    }
}
