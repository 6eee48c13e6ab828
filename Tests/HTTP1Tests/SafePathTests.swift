import Testing

@testable import HTTP1

@Suite struct SafePathTests {
    static let accepted: [(path: String, segments: [String], trailingSlash: Bool)] = [
        ("/", [], false),
        ("/a", ["a"], false),
        ("/a/b.zip", ["a", "b.zip"], false),
        ("/dir/", ["dir"], true),
        ("//a///b//", ["a", "b"], true),
        ("/%41%62c", ["Abc"], false),
        ("/caf%C3%A9/%E2%82%AC", ["café", "€"], false),
        ("/a%20b", ["a b"], false),
        ("/.well-known/x", [".well-known", "x"], false),
        ("/...", ["..."], false),
        ("/..a/a..", ["..a", "a.."], false),
        ("/a%3Fb", ["a?b"], false),
    ]

    @Test(arguments: accepted.indices)
    func decodes(_ index: Int) throws {
        let (path, segments, trailingSlash) = Self.accepted[index]
        let safe = try #require(SafePath(percentEncodedPath: path))
        #expect(safe.segments == segments)
        #expect(safe.hasTrailingSlash == trailingSlash)
        #expect(safe.relativePath == segments.joined(separator: "/"))
    }

    static let refused: [String] = [
        "",
        "a/b",
        "/..",
        "/../etc/passwd",
        "/a/../../b",
        "/a/..",
        "/.",
        "/a/./b",
        "/%2e%2e/x",
        "/%2E%2E",
        "/.%2e/x",
        "/%2e/x",
        "/a%2Fb",
        "/a%2f..%2f..%2fetc",
        "/a%5Cb",
        "/a\\b",
        "/a%00b",
        "/a%0Ab",
        "/a%7F",
        "/a%",
        "/a%4",
        "/a%g1",
        "/%C3",
        "/%FF",
        "/%C0%AE%C0%AE",
        "/%ED%A0%80",
    ]

    @Test(arguments: refused)
    func refuses(_ path: String) {
        #expect(SafePath(percentEncodedPath: path) == nil)
    }

    @Test func joinedPathStaysUnderTheRoot() throws {
        let safe = try #require(SafePath(percentEncodedPath: "/packs/%E2%82%AC/a.zip"))
        #expect(safe.fileSystemPath(under: "/srv/public") == "/srv/public/packs/€/a.zip")
        #expect(safe.fileSystemPath(under: "/srv/public//") == "/srv/public/packs/€/a.zip")
        #expect(safe.fileSystemPath(under: "/") == "/packs/€/a.zip")
        let root = try #require(SafePath(percentEncodedPath: "/"))
        #expect(root.fileSystemPath(under: "/srv/public/") == "/srv/public")
    }

    /// Whatever bytes a path holds, an accepted path's segments never climb out of the root.
    @Test func noAcceptedPathEscapes() {
        let alphabet = ["/", ".", "%2e", "%2E", "%2f", "a", "%5c", "%00", "%"]
        var checked = 0
        func visit(_ path: String, depth: Int) {
            if let safe = SafePath(percentEncodedPath: "/" + path) {
                checked += 1
                for segment in safe.segments {
                    #expect(segment != "." && segment != ".." && !segment.isEmpty)
                    #expect(!segment.contains("/") && !segment.contains("\\") && !segment.contains("\0"))
                }
            }
            guard depth > 0 else { return }
            for piece in alphabet { visit(path + piece, depth: depth - 1) }
        }
        visit("", depth: 5)
        #expect(checked > 1000)
    }
}
