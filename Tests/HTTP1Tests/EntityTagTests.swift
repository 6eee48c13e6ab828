import Testing
@testable import HTTP1

/// RFC 9110 §8.8.3: entity-tag syntax, the If-Match / If-None-Match list, and the two comparisons.
struct EntityTagTests {
    @Test(arguments: [
        ("\"abc\"", "abc", false),
        ("W/\"abc\"", "abc", true),
        ("\"\"", "", false),
        (" \"a,b\" ", "a,b", false),
        ("\"x!#~\"", "x!#~", false),
    ])
    func parsesOneTag(text: String, opaque: String, weak: Bool) throws {
        let tag = try #require(EntityTag(parsing: text))
        #expect(tag.opaqueTag == opaque)
        #expect(tag.isWeak == weak)
    }

    @Test(arguments: ["abc", "\"abc", "abc\"", "w/\"abc\"", "W/ \"abc\"", "W/abc", "\"a b\"", "\"a\"b", "\"a\" \"b\"", "", "*", "\"a\u{1}\""])
    func rejectsMalformedTags(text: String) {
        #expect(EntityTag(parsing: text) == nil)
    }

    @Test func formatsAsFieldValue() throws {
        #expect(try #require(EntityTag(opaqueTag: "abc")).description == "\"abc\"")
        #expect(try #require(EntityTag(opaqueTag: "abc", isWeak: true)).description == "W/\"abc\"")
    }

    @Test(arguments: ["a\"b", "a b", "a\r\nSet-Cookie: x", "\t"])
    func refusesOpaqueTagsThatWouldBreakTheHeader(opaque: String) {
        #expect(EntityTag(opaqueTag: opaque) == nil)
    }

    /// The comparison table of RFC 9110 §8.8.3.2.
    @Test(arguments: [
        ("W/\"1\"", "W/\"1\"", false, true),
        ("W/\"1\"", "W/\"2\"", false, false),
        ("W/\"1\"", "\"1\"", false, true),
        ("\"1\"", "\"1\"", true, true),
        ("\"1\"", "\"2\"", false, false),
    ])
    func comparesStronglyAndWeakly(a: String, b: String, strong: Bool, weak: Bool) throws {
        let x = try #require(EntityTag(parsing: a))
        let y = try #require(EntityTag(parsing: b))
        #expect(x.strongMatches(y) == strong)
        #expect(y.strongMatches(x) == strong)
        #expect(x.weakMatches(y) == weak)
        #expect(y.weakMatches(x) == weak)
    }

    @Test(arguments: [
        ("*", nil),
        ("  *  ", nil),
        ("\"a\"", ["\"a\""]),
        ("\"a\", W/\"b\"", ["\"a\"", "W/\"b\""]),
        ("\"a\",,\"b\",", ["\"a\"", "\"b\""]),
        ("\"a,b\", \"c\"", ["\"a,b\"", "\"c\""]),
        // Malformed members are dropped; their neighbours survive.
        ("\"a\", bogus, \"b\"", ["\"a\"", "\"b\""]),
        ("*, \"a\"", ["\"a\""]),
        ("\"a\" x, \"b\"", ["\"b\""]),
        ("\"a", []),
        (",,, ", []),
        ("", []),
        ("W/", []),
        ("\"a b\", \"c\"", ["\"c\""]),
    ] as [(String, [String]?)])
    func parsesLists(text: String, expected: [String]?) {
        let list = EntityTagList(parsing: text)
        if let expected {
            #expect(list == .tags(expected.compactMap { EntityTag(parsing: $0) }))
            #expect(expected.allSatisfy { EntityTag(parsing: $0) != nil })
        } else {
            #expect(list == .any)
        }
    }

    @Test func listMatchingUsesTheRequestedComparison() throws {
        let strong = try #require(EntityTag(parsing: "\"v1\""))
        let weak = try #require(EntityTag(parsing: "W/\"v1\""))
        let list = EntityTagList(parsing: "\"v0\", W/\"v1\"")
        #expect(list.matches(strong, weakComparison: true))
        #expect(!list.matches(strong, weakComparison: false))
        #expect(EntityTagList(parsing: "\"v1\"").matches(strong, weakComparison: false))
        #expect(!EntityTagList(parsing: "\"v1\"").matches(weak, weakComparison: false))
        #expect(!list.matches(nil, weakComparison: true))
        #expect(EntityTagList.any.matches(nil, weakComparison: false))
        #expect(EntityTagList.any.matches(weak, weakComparison: false))
    }

    @Test func survivesArbitraryBytes() {
        // Every two-byte combination of the characters that steer the scanner.
        let alphabet: [Character] = ["\"", "W", "/", ",", " ", "*", "a", "\u{7F}", "é"]
        for a in alphabet {
            for b in alphabet {
                for c in alphabet {
                    let text = String([a, b, c])
                    if case .tags(let tags) = EntityTagList(parsing: text) {
                        #expect(tags.allSatisfy { EntityTag(parsing: $0.description) == $0 })
                    }
                }
            }
        }
    }
}
