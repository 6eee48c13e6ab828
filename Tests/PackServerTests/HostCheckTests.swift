import HTTP1
import HTTPServer
import Testing

@testable import PackServer

/// Which host a request is for (docs/http.md "Host"): absolute-form, Host, or for HTTP/1.0 without Host the
/// publicBaseURL host.
@Suite struct HostCheckTests {
    let check = HostCheck(allowedHosts: ["cdn.example.com", "*.example.net"], publicBaseURL: "https://CDN.example.com:8443/base")

    func head(version: HTTPVersion, host: String? = nil, absoluteFormHost: String? = nil) -> HTTPRequestHead {
        HTTPRequestHead(
            method: .get, target: "/packs/a", path: "/packs/a", absoluteFormHost: absoluteFormHost, version: version,
            headers: host.map { ["host": $0] } ?? [:])
    }

    @Test func http10WithoutHostIsForThePublicBaseURLHost() {
        #expect(check.host(of: head(version: .http1_0)) == "cdn.example.com")
        #expect(check.refusal(of: head(version: .http1_0)) == nil)
        #expect(check.host(of: head(version: .http1_1)) == nil, "the parser refuses HTTP/1.1 without Host first")
    }

    @Test func theHostFieldOrAbsoluteFormDecides() {
        #expect(check.refusal(of: head(version: .http1_0, host: "a.example.net:80")) == nil)
        #expect(check.refusal(of: head(version: .http1_1, host: "cdn.example.com", absoluteFormHost: "x.example.org")) != nil)
        let refused = check.refusal(of: head(version: .http1_1, host: "example.net"))
        #expect(refused?.status == .misdirectedRequest)
        #expect(refused?.text == #"{"type":"about:blank","status":421,"title":"Misdirected Request","#
            + #""detail":"this server does not answer for host example.net; allowed hosts: cdn.example.com, *.example.net","#
            + #""host":"example.net","allowedHosts":["cdn.example.com","*.example.net"]}"#)
    }
}
