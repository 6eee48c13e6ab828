import Testing

@testable import HTTP1

@Suite struct RequestTargetTests {
    static func parse(_ target: String, method: HTTPMethod = .get) throws(HTTPProblem) -> RequestTarget {
        let bytes = Array(target.utf8)
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(HTTPProblem) in try RequestTarget.parse(buffer, target: target, method: method) }
        }
        return try result.get()
    }

    static let accepted: [(target: String, expected: RequestTarget)] = [
        ("/", RequestTarget(path: "/")),
        ("/a/b.zip", RequestTarget(path: "/a/b.zip")),
        ("//double", RequestTarget(path: "//double")),
        ("/a?", RequestTarget(path: "/a", query: "")),
        ("/a?x=1&y=/z?w", RequestTarget(path: "/a", query: "x=1&y=/z?w")),
        ("/%41%2f%e2%82%ac?q=%20", RequestTarget(path: "/%41%2f%e2%82%ac", query: "q=%20")),
        ("/a:b@c!$&'()*+,;=-._~", RequestTarget(path: "/a:b@c!$&'()*+,;=-._~")),
        ("/../etc/passwd", RequestTarget(path: "/../etc/passwd")),
        ("http://Example.COM/p?q", RequestTarget(path: "/p", query: "q", absoluteFormHost: "example.com")),
        ("HTTPS://example.com:8443", RequestTarget(path: "/", absoluteFormHost: "example.com")),
        ("http://h?x", RequestTarget(path: "/", query: "x", absoluteFormHost: "h")),
        ("http://[::1]:80/", RequestTarget(path: "/", absoluteFormHost: "[::1]")),
        ("http://127.0.0.1:/a", RequestTarget(path: "/a", absoluteFormHost: "127.0.0.1")),
    ]

    @Test(arguments: accepted.indices)
    func accepts(_ index: Int) throws {
        let (target, expected) = Self.accepted[index]
        #expect(try Self.parse(target) == expected)
    }

    @Test func asteriskFormOnlyWithOptions() throws {
        #expect(try Self.parse("*", method: .options) == RequestTarget(path: "*"))
        #expect(throws: HTTPProblem.self) { try Self.parse("*", method: .get) }
        #expect(throws: HTTPProblem.self) { try Self.parse("*x", method: .options) }
    }

    static let refused: [String] = [
        "",
        "a/b",
        "example.com:443",
        "example.com",
        "ftp://h/x",
        "http:/h/x",
        "http://",
        "http:///x",
        "http://user@h/x",
        "http://h:8x/",
        "http://h h/",
        "/a#frag",
        "/a?b#frag",
        "/a\\b",
        "/a\"b",
        "/a<b>",
        "/a{b}",
        "/a|b",
        "/a^b",
        "/a`b",
        "/a%",
        "/a%4",
        "/a%zz",
        "/a?%G0",
        "/a\tb",
        "/a\u{7F}",
        "/a\u{0}",
        "/caf\u{E9}",
    ]

    @Test(arguments: refused)
    func refuses(_ target: String) {
        do {
            let parts = try Self.parse(target)
            Issue.record("accepted as \(parts)")
        } catch {
            #expect(error.status == .badRequest)
        }
    }

    @Test func headCarriesTheTargetParts() {
        let result = parseRequestHead("GET http://Packs.Example/a/b?c HTTP/1.1\r\nHost: other\r\n\r\n")
        guard case .complete(let head, _, _) = result else {
            Issue.record("expected a complete head, got \(result)")
            return
        }
        #expect(head.target == "http://Packs.Example/a/b?c")
        #expect(head.path == "/a/b")
        #expect(head.query == "c")
        #expect(head.absoluteFormHost == "packs.example")
        #expect(head.hostWithoutPort == "packs.example")
    }
}
