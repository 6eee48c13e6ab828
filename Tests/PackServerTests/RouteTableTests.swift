import HTTP1
import HTTPServer
import PackServeTesting
import Testing

@testable import PackServer

/// Every route of the table, called on the responder directly (no socket), plus what the table does before
/// any handler: 421 for another host, 405 for methods other than GET and HEAD.
@Suite struct RouteTableTests {
    let fixture: ResponderFixture

    init() throws {
        fixture = try ResponderFixture()
    }

    @Test func packsByID() {
        let response = fixture.request("/packs/level-1")
        #expect(response.status == .ok)
        #expect(response.headers["etag"] == "\"\(fixture.level.sha256)\"")
        #expect(response.body.segments.reduce(0) { $0 + $1.count } == 3_000)
        #expect(fixture.request("/packs/nope").status == .notFound)
        #expect(fixture.request("/packs/level-1/extra").status == .notFound)
        #expect(fixture.request("/packs/%2e%2e").status == .badRequest, "SafePath refuses dot segments")
    }

    @Test func blobsByDigest() {
        let response = fixture.request("/blobs/sha256/\(fixture.tutorial.sha256)")
        #expect(response.status == .ok && response.headers["cache-control"]?.contains("immutable") == true)
        #expect(fixture.request("/blobs/sha256/xyz").status == .notFound)
        #expect(fixture.request("/blobs/md5/\(fixture.tutorial.sha256)").status == .notFound)
    }

    @Test func tagByPath() {
        let response = fixture.request("/tags/levels")
        #expect(response.status == .ok)
        let document = response.json as? [String: Any]
        #expect(document?["tag"] as? String == "levels" && document?["totalBytes"] as? Int == 3_000)
        #expect(fixture.request("/tags/desert").status == .notFound)
    }

    @Test func tagSetByQuery() {
        let response = fixture.request("/tags?tag=core&tag=%6Cevels")
        #expect(response.status == .ok)
        let document = response.json as? [String: Any]
        #expect(document?["tags"] as? [String] == ["core", "levels"])
        #expect((document?["packs"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["Tutorial", "level-1"])
        #expect(document?["totalBytes"] as? Int == 4_000)
        let unknown = fixture.request("/tags?tag=core&tag=swamp")
        #expect(unknown.status == .notFound && unknown.text.contains("swamp"))
        #expect(fixture.request("/tags").status == .badRequest)
    }

    @Test func downloadManifestAndItsPlatformVariants() {
        let all = fixture.request("/download-manifest.json")
        #expect(all.status == .ok && all.headers["content-type"] == "application/json")
        let packs = (all.json as? [String: Any])?["assetPacks"] as? [[String: Any]]
        #expect(packs?.compactMap { $0["url"] as? String } == [
            "https://assets.example.com/packs/Tutorial", "https://assets.example.com/packs/level-1",
        ])
        let tvOS = fixture.request("/download-manifest.json?platform=tvOS")
        #expect(((tvOS.json as? [String: Any])?["assetPacks"] as? [[String: Any]])?.count == 1, "level-1 is for iOS only")
        #expect(tvOS.headers["etag"] != all.headers["etag"])
        let revalidated = fixture.request("/download-manifest.json", headers: [("if-none-match", all.headers["etag"]!)])
        #expect(revalidated.status == .notModified)
    }

    /// A platform PackServe does not know (or two) gets the whole catalog, never a 400, and is logged once
    /// per value.
    @Test func anUnknownPlatformGetsTheWholeCatalogAndIsLoggedOnce() throws {
        let log = CapturedLog()
        let fixture = try ResponderFixture(logger: log.logger)
        let all = fixture.request("/download-manifest.json")
        for target in ["/download-manifest.json?platform=ipados", "/manifest?platform=ipados",
                       "/download-manifest.json?platform=ios&platform=macos", "/download-manifest.json?platform="] {
            let response = fixture.request(target)
            #expect(response.status == .ok, "\(target)")
            #expect(response.text == all.text && response.headers["etag"] == all.headers["etag"], "\(target)")
        }
        #expect(log.messages == [
            #"platform "ipados" is unknown: answered with every pack"#,
            #"platform given 2 times ("ios", "macos"): answered with every pack"#,
            #"platform "" is unknown: answered with every pack"#,
        ])
        #expect(fixture.request("/download-manifest.json?platform=%zz").status == .badRequest, "malformed, not unknown")
    }

    @Test func theUnknownPlatformLogIsBounded() {
        let log = CapturedLog()
        let unknown = UnknownPlatformLog(logger: log.logger)
        for _ in 0..<2 {
            for value in 0..<(UnknownPlatformLog.capacity + 10) { unknown.record(["p\(value)"]) }
        }
        #expect(log.messages.count == UnknownPlatformLog.capacity)
        #expect(log.messages.last?.hasSuffix("further ones are not logged") == true)
    }

    @Test func manifestIsTheJWSUnlessAPlatformIsNamed() {
        let jws = fixture.request("/manifest")
        #expect(jws.status == .ok && jws.text == "aGVhZA.eyJ2Ijo3fQ.c2lnbg" && jws.headers["content-type"] == "application/jwt")
        let managed = fixture.request("/manifest?platform=ios")
        #expect(managed.headers["content-type"] == "application/json")
        #expect(managed.text == fixture.request("/download-manifest.json?platform=iOS").text)
        #expect(fixture.request("/manifest?other=1").text == "aGVhZA.eyJ2Ijo3fQ.c2lnbg", "only platform selects the download manifest")
    }

    @Test func manifestPayloadSignatureAndKeys() {
        #expect(fixture.request("/manifest.json").text == "{\"v\":7}")
        let signature = fixture.request("/manifest.json.sig")
        #expect(signature.status == .ok && signature.body.segments.reduce(0) { $0 + $1.count } == 64)
        let keys = fixture.request("/.well-known/jwks.json")
        #expect(keys.status == .ok && keys.headers["content-type"] == "application/jwk-set+json")
    }

    @Test func releasesHealthAndReadiness() {
        #expect(((fixture.request("/releases").json as? [[String: Any]])?.first?["release"] as? Int) == 1)
        #expect(fixture.request("/healthz").text == "ok\n")
        #expect(fixture.request("/readyz").text == "release 1\n")
    }

    @Test func otherPathsAreStaticFiles() {
        let index = fixture.request("/")
        #expect(index.status == .ok && index.headers["content-type"]?.hasPrefix("text/html") == true)
        #expect(fixture.request("/index.html").status == .ok)
        #expect(fixture.request("/missing.css").status == .notFound)
    }

    /// Every route, static files included, refuses other methods with 405 and `Allow: GET, HEAD`; HEAD works.
    @Test(arguments: [HTTPMethod.post, .put, .delete, .patch, .trace])
    func otherMethodsAreRefusedBeforeAnyHandler(method: HTTPMethod) {
        for path in ["/packs/level-1", "/blobs/sha256/\(fixture.tutorial.sha256)", "/tags/core", "/tags?tag=core",
                     "/download-manifest.json", "/manifest", "/manifest?platform=ios", "/manifest.json",
                     "/manifest.json.sig", "/.well-known/jwks.json", "/releases", "/healthz", "/readyz", "/", "/index.html",
                     "/packs/nope"] {
            let response = fixture.request(path, method: method)
            #expect(response.status == .methodNotAllowed, "\(method) \(path)")
            #expect(response.headers["allow"] == "GET, HEAD", "\(method) \(path)")
        }
        #expect(fixture.request("/packs/level-1", method: .head).status == .ok)
    }

    /// The host allow-list comes before everything, the method check included; the 421 carries only a
    /// problem naming the refused host and the allowed ones.
    @Test func anotherHostIsMisdirectedWhateverTheMethod() {
        let problem = #"{"type":"about:blank","status":421,"title":"Misdirected Request","#
            + #""detail":"this server does not answer for host evil.example; allowed hosts: assets.example.com","#
            + #""host":"evil.example","allowedHosts":["assets.example.com"]}"#
        for method in [HTTPMethod.get, .head, .post] {
            let response = fixture.request("/packs/level-1", method: method, host: "Evil.Example:443")
            #expect(response.status == .misdirectedRequest, "\(method)")
            #expect(response.headers["content-type"] == "application/problem+json" && response.text == problem, "\(method)")
        }
    }

    /// Probes answer any Host, without naming the release to a host that is not allowed.
    @Test func probesAnswerAnyHost() {
        #expect(fixture.request("/healthz", host: "10.1.2.3:8080").text == "ok\n")
        #expect(fixture.request("/readyz", host: "10.1.2.3:8080").text == "ready\n")
        #expect(fixture.request("/readyz", method: .post, host: "10.1.2.3").status == .methodNotAllowed)
        #expect(fixture.request("/healthz/x", host: "10.1.2.3").status == .misdirectedRequest)
        // Round 3, finding 5: refusals are errors, never stored by a cache in front.
        #expect(fixture.request("/packs/a", host: "10.1.2.3").headers["cache-control"] == "no-store")
        #expect(fixture.request("/packs/a", method: .delete).headers["cache-control"] == "no-store")
        // A request announcing a body is refused before it is read: for a probe path as for an allowed host.
        let post = HTTPRequestHead(method: .post, target: "/healthz", path: "/healthz", headers: ["host": "10.1.2.3"])
        #expect(fixture.responder.respond(to: HTTPRequest(head: post, body: RequestBody(bytes: [1]))).status == .methodNotAllowed)
        let upload = HTTPRequestHead(method: .post, target: "/packs/a", path: "/packs/a", headers: ["host": "10.1.2.3"])
        #expect(fixture.responder.respond(to: HTTPRequest(head: upload, body: RequestBody(bytes: [1]))).status == .misdirectedRequest)
        let get = HTTPRequestHead(method: .get, target: "/healthz", path: "/healthz", headers: ["host": "10.1.2.3"])
        #expect(fixture.responder.respond(to: HTTPRequest(head: get, body: RequestBody(bytes: [1]))).status == .contentTooLarge)
    }

    @Test func patternsMatchWholeDecodedSegments() {
        let pattern = RoutePattern("/blobs/sha256/{hex}")
        #expect(pattern.match(["blobs", "sha256", "ab"]) == ["ab"])
        #expect(pattern.match(["blobs", "sha256"]) == nil)
        #expect(pattern.match(["blobs", "md5", "ab"]) == nil)
        #expect(!pattern.isExact && pattern.firstLiteral == "blobs")
        #expect(RoutePattern("/download-manifest.json").isExact)
        #expect(RouteTable.firstSegment(of: "/packs/level-1") == "packs")
        #expect(RouteTable.firstSegment(of: "/") == "")
        #expect(RouteTable.firstSegment(of: "/healthz") == "healthz")
    }

    /// Responses carry the route that answered, for docs/metrics.md's `route` label.
    @Test func responsesAreTaggedWithTheirRoute() {
        func route(_ target: String, method: HTTPMethod = .get, host: String = "assets.example.com") -> String {
            fixture.responder.routeNames[fixture.request(target, method: method, host: host).route.index]
        }
        #expect(route("/packs/level-1") == "/packs/{id}")
        #expect(route("/packs/nope") == "/packs/{id}", "a route's own 404 is the route's")
        #expect(route("/blobs/sha256/\(fixture.tutorial.sha256)") == "/blobs/sha256/{hex}")
        #expect(route("/manifest.json") == "/manifest.json")
        #expect(route("/index.html") == "static")
        #expect(route("/packs/level-1", host: "evil.example") == "other")
        #expect(route("/packs/level-1", method: .delete) == "other")
        #expect(route("/packs/a/b/c") == "other")
    }
}
