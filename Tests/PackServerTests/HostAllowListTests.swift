import Testing

@testable import PackServer

@Suite struct HostAllowListTests {
    let list = HostAllowList(["localhost", "127.0.0.1", "Assets.Example.com", "*.cdn.example.net", "[::1]"])

    @Test(arguments: [
        "localhost", "LOCALHOST", "localhost:8080", "127.0.0.1:80", "assets.example.com", "assets.example.com.",
        "a.cdn.example.net", "x.y.cdn.example.net:443", "[::1]", "[::1]:8080",
    ])
    func allowed(host: String) {
        #expect(list.allows(host))
    }

    @Test(arguments: [
        "", "example.com", "cdn.example.net", "evilcdn.example.net", "assets.example.com.evil.org", "127.0.0.2",
        "localhost.evil.org", "[::2]", "a.cdn.example.net.evil", ":8080",
    ])
    func refused(host: String) {
        #expect(!list.allows(host))
    }

    @Test(arguments: [
        ("https://assets.example.com", true), ("http://localhost:3000", true), ("https://a.cdn.example.net", true),
        ("https://evil.org", false), ("null", false), ("https://assets.example.com/path", false),
        ("https://user@assets.example.com", false), ("assets.example.com", false),
    ])
    func origins(origin: String, allowed: Bool) {
        #expect(list.allowsOrigin(origin) == allowed)
    }
}
