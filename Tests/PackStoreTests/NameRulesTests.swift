import PackStore
import Testing

@Suite struct NameRulesTests {
    @Test(arguments: [
        ("level-5", true), ("a", true), ("0", true), ("com.example.pack-1", true), ("Tutorial", true),
        ("com.Example.Game.LEVEL-1", true), ("Upper", true), (String(repeating: "a", count: 64), true),
        (String(repeating: "a", count: 65), true), (String(repeating: "A", count: 128), true),
        (String(repeating: "a", count: 129), false),
        ("", false), ("-lead", false), (".lead", false), ("under_score", false),
        ("sp ace", false), ("slash/x", false), ("é", false), ("tab\t", false),
    ])
    func packIDSyntax(id: String, isValid: Bool) {
        #expect(NameRules.isValidPackID(id) == isValid)
        #expect(((try? NameRules.validatePackID(id)) != nil) == isValid)
    }

    @Test(arguments: [
        ("forest", true), ("Level_5", true), ("A.b-c_d", true), ("9", true),
        (String(repeating: "T", count: 64), true), (String(repeating: "T", count: 65), false),
        ("", false), ("_lead", false), ("-lead", false), ("a,b", false), ("a b", false), ("ü", false),
    ])
    func tagSyntax(tag: String, isValid: Bool) {
        #expect(NameRules.isValidTag(tag) == isValid)
        #expect(((try? NameRules.validateTag(tag)) != nil) == isValid)
    }

    @Test(arguments: [
        ("application/zip", true), ("text/plain; charset=utf-8", true), ("zip", false), ("/zip", false),
        ("application/", false), ("a/b\r\nX-Evil: 1", false),
    ])
    func contentTypeSyntax(type: String, isValid: Bool) {
        #expect(NameRules.isValidContentType(type) == isValid)
    }

    @Test(arguments: [("essential", PackPolicy.essential), ("prefetch", .prefetch), ("on-demand", .onDemand)])
    func policyParsing(text: String, policy: PackPolicy) throws {
        #expect(try PackPolicy(parsing: text) == policy)
    }

    @Test func unknownPolicyIsRefusedWithOneLine() {
        #expect(throws: PackStoreError.unknownPolicy("ondemand")) { try PackPolicy(parsing: "ondemand") }
        let message = PackStoreError.unknownPolicy("ondemand").description
        #expect(message == "unknown policy \"ondemand\": use essential, prefetch or on-demand")
    }
}
