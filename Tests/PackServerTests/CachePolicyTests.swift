import HTTP1
import HTTPServer
import PackStore
import Testing

@testable import PackServer

/// What a CDN in front is told (docs/http.md "Caching"), route by route, for 200, 206, 304, HEAD and errors.
@Suite struct CachePolicyTests {
    static let shared = "public, max-age=0, s-maxage=60, stale-if-error=86400"

    let fixture: ResponderFixture

    init() throws {
        fixture = try ResponderFixture()
    }

    @Test(arguments: [
        "/manifest", "/manifest.json", "/manifest.json.sig", "/download-manifest.json", "/manifest?platform=ios",
        "/tags/levels", "/tags?tag=core&tag=levels", "/releases", "/.well-known/jwks.json",
    ])
    func documentsAreSharedBrieflyAndKeyedTogether(path: String) {
        // Production's documents keep the key of earlier versions; `/releases` changes with every channel's releases.
        let key = path == "/releases" ? "packserve-releases" : "packserve-documents packserve-documents-production"
        let response = fixture.request(path)
        #expect(response.status == .ok, "\(path)")
        #expect(response.headers["cache-control"] == Self.shared, "\(path)")
        #expect(response.headers["xkey"] == key, "\(path)")
        // RFC 9110 §15.4.5: a 304 carries the Cache-Control a 200 would have.
        let etag = response.headers["etag"] ?? ""
        let revalidated = fixture.request(path, headers: [("If-None-Match", etag)])
        #expect(revalidated.status == .notModified, "\(path)")
        #expect(revalidated.headers["cache-control"] == Self.shared && revalidated.headers["xkey"] == key, "\(path)")
    }

    @Test func packsAreKeyedByIDAndBlobsAreImmutable() {
        for method in [HTTPMethod.get, .head] {
            let pack = fixture.request("/packs/level-1", method: method)
            #expect(pack.headers["cache-control"] == Self.shared && pack.headers["xkey"] == "pack-level-1 pack.production.level-1")
            let blob = fixture.request("/blobs/sha256/\(fixture.level.sha256)", method: method)
            #expect(blob.headers["cache-control"] == "public, max-age=31536000, immutable")
            #expect(blob.headers["xkey"] == "blob-\(fixture.level.sha256)")
        }
        let range = fixture.request("/packs/level-1", headers: [("Range", "bytes=0-9")])
        #expect(range.status == .partialContent && range.headers["xkey"] == "pack-level-1 pack.production.level-1")
        #expect(range.headers["cache-control"] == Self.shared)
        // The ETag is the SHA-256 itself: the same on every replica and after every restart.
        #expect(range.headers["etag"] == "\"\(fixture.level.sha256)\"")
    }

    @Test(arguments: [
        ("/packs/nope", HTTPStatus.notFound, [(String, String)]()),
        ("/blobs/sha256/\(String(repeating: "a", count: 64))", .notFound, []),
        ("/tags/nope", .notFound, []),
        ("/tags", .badRequest, []),
        ("/packs/level-1", .rangeNotSatisfiable, [("Range", "bytes=999999-")]),
    ])
    func errorsAreNeverStored(path: String, status: HTTPStatus, headers: [(String, String)]) {
        let response = fixture.request(path, headers: headers)
        #expect(response.status == status, "\(path)")
        #expect(response.headers["cache-control"] == "no-store", "\(path)")
        #expect(response.headers["xkey"] == nil, "\(path)")
    }

    @Test func privateBytesAreNeverSharedAndRefusalsNeverStored() throws {
        try fixture.store.set(id: "level-1", access: .private)
        try fixture.publishAndServe()
        let refused = fixture.request("/packs/level-1")
        #expect(refused.status == .forbidden && refused.headers["cache-control"] == "no-store")
        #expect(refused.headers["xkey"] == nil)
    }

    @Test func theKeyHeaderAndLifetimeAreConfigurable() throws {
        let fastly = try ResponderFixture { configuration in
            configuration.cache.surrogateKeyHeader = "Surrogate-Key"
            configuration.cache.sharedMaxAgeSeconds = 5
        }
        let response = fastly.request("/packs/level-1")
        #expect(response.headers["surrogate-key"] == "pack-level-1 pack.production.level-1" && response.headers["xkey"] == nil)
        #expect(response.headers["cache-control"] == "public, max-age=0, s-maxage=5, stale-if-error=86400")
    }
}
