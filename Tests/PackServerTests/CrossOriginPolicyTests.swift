import HTTP1
import HTTPServer
import Testing

@testable import PackServer

/// CORS headers go to allowed origins only (docs/http.md "At a glance").
@Suite struct CrossOriginPolicyTests {
    let policy = CrossOriginPolicy(hosts: HostAllowList(["assets.example.com", "*.game.example"]))

    func request(_ method: HTTPMethod, _ headers: HTTPHeaders) -> HTTPRequest {
        HTTPRequest(head: HTTPRequestHead(method: method, target: "/packs/a", path: "/packs/a", headers: headers))
    }

    @Test func anAllowedOriginMayReadRangesAndValidators() {
        var response = HTTPResponse(status: .partialContent)
        policy.decorate(&response, for: request(.get, ["origin": "https://web.game.example"]))
        #expect(response.headers["Access-Control-Allow-Origin"] == "https://web.game.example")
        #expect(response.headers["Access-Control-Expose-Headers"]?.contains("Content-Range") == true)
        #expect(response.headers["Vary"] == "Origin")
    }

    @Test func anotherOriginGetsNoCORSHeaders() {
        var response = HTTPResponse(status: .ok)
        policy.decorate(&response, for: request(.get, ["origin": "https://evil.example"]))
        #expect(response.headers["Access-Control-Allow-Origin"] == nil)
        #expect(response.headers["Vary"] == "Origin")
        var plain = HTTPResponse(status: .ok)
        policy.decorate(&plain, for: request(.get, [:]))
        #expect(plain.headers.count == 0)
    }

    @Test func preflightsAllowRangeOnlyForAllowedOrigins() throws {
        let allowed = try #require(policy.preflight(request(.options, [
            "origin": "https://assets.example.com", "access-control-request-method": "GET",
            "access-control-request-headers": "range",
        ])))
        #expect(allowed.status == .noContent)
        #expect(allowed.headers["Access-Control-Allow-Headers"]?.contains("Range") == true)
        #expect(allowed.headers["Access-Control-Allow-Methods"] == "GET, HEAD")
        let refused = try #require(policy.preflight(request(.options, [
            "origin": "https://evil.example", "access-control-request-method": "GET",
        ])))
        #expect(refused.headers["Access-Control-Allow-Origin"] == nil)
        #expect(policy.preflight(request(.options, ["origin": "https://assets.example.com"])) == nil)
        #expect(policy.preflight(request(.get, ["origin": "https://assets.example.com"])) == nil)
    }
}
