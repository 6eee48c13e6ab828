import Testing

@testable import JSONText

/// `StrictJSONParser` and `JSONShape`: RFC 8259 exactly, each refusal with its line and column and, for a
/// member, its key path.
@Suite struct StrictJSONParserTests {
    private func refusal(_ json: String, shape: JSONShape? = nil) -> String? {
        do {
            let value = try StrictJSONParser.parse(Array(json.utf8))
            try shape?.check(value)
            return nil
        } catch {
            return error.description
        }
    }

    @Test(arguments: [
        (#"{"a":1,}"#, "1:8: a trailing comma before }"),
        ("[1,]", "1:4: a trailing comma before ]"),
        ("[1,\n  ]", "2:3: a trailing comma before ]"),
        (#"{"é":1,}"#, "1:8: a trailing comma before }"),
        (#"{"a":{"b":1,"b":2}}"#, #"1:13: duplicate key "a.b""#),
        // Found by ArchiveManifestFuzzer: a key spelt with \n broke the one-line refusal.
        (#"{"x\ny":1,"x\ny":2}"#, #"1:11: duplicate key "x\ny""#),
        (#"{"e\u001b[2J":1 2}"#, #"1:17: '2' where , or } should follow the value of "e\u001b[2J""#),
        (#"{"a":[{"x":1,"x":2}]}"#, #"1:14: duplicate key "a[0].x""#),
        ("{\n  \"x\": 1,\n  \"x\": 2\n}", #"3:3: duplicate key "x""#),
        ("01", "1:2: a number with a leading zero"),
        ("1.", "1:3: the end of the document where a digit should be"),
        ("-", "1:2: the end of the document where a digit should be"),
        ("+1", "1:1: '+' where a value should be"),
        ("NaN", "1:1: 'N' where a value should be"),
        (#"{"a":tru}"#, "1:6: 't' where a value should be"),
        ("// note\n{}", "1:1: '/' where a value should be"),
        ("{'a':1}", "1:2: ''' where a key in double quotes should be"),
        (#"{"a" 1}"#, #"1:6: '1' where : should follow "a""#),
        (#"{"a":1 "b":2}"#, #"1:8: '"' where , or } should follow the value of "a""#),
        (#"{"a":1} x"#, "1:9: 'x' after the end of the document"),
        ("", "1:1: the end of the document where a value should be"),
        ("\"a\nb\"", "1:3: a control character (U+000A) inside a string; escape it"),
        (#""\ud800""#, #"1:8: an unpaired UTF-16 surrogate \uD800"#),
        (#""\x""#, "1:3: 'x' after a backslash, which is no JSON escape"),
        (#""abc"#, "1:1: a string that is never closed"),
        (String(repeating: "[", count: 65), "1:65: nested deeper than 64 levels"),
    ])
    func malformedDocumentsAreRefusedWithLineAndColumn(json: String, message: String) {
        #expect(refusal(json) == message)
    }

    @Test func invalidUTF8IsRefused() {
        #expect(throws: StrictJSONError(position: .init(line: 1, column: 1), problem: "a string that is not valid UTF-8")) {
            try StrictJSONParser.parse([0x22, 0xFF, 0x22])
        }
    }

    @Test func wellFormedDocumentsAreRead() throws {
        let value = try StrictJSONParser.parse(Array(#" {"a":[1,-0.5e+3,"x\u00e9\ud83d\ude00\/",true,false,null],"b":{}} "#.utf8))
        guard case .array(let items) = value["a"]?.kind else { Issue.record("no array"); return }
        #expect(items.map(\.kind) == [.number("1"), .number("-0.5e+3"), .string("xé😀/"), .bool(true), .bool(false), .null])
        #expect(value["b"]?.kind == .object([]))
        #expect(value.position == JSONPosition(line: 1, column: 2))
        // RFC 8259 §8.1 lets a parser ignore a byte order mark.
        #expect(try StrictJSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[]".utf8)).kind == .array([]))
        #expect(try StrictJSONParser.parse(Array(String(repeating: "[", count: 64).utf8) + Array(String(repeating: "]", count: 64).utf8)).position.column == 1)
    }

    private let listener = JSONShape.object(
        members: ["port": .wholeNumber, "tags": .array(of: .string), "inner": .object(members: ["c": .string]),
                  "off": .nullable(.object(members: [:]))],
        required: ["port"])

    @Test(arguments: [
        (#"{"port": true}"#, "1:10: port: must be a whole number, not true"),
        (#"{"port": 80.0}"#, "1:10: port: must be a whole number, not 80.0"),
        (#"{"port": 8e3}"#, "1:10: port: must be a whole number, not 8e3"),
        (#"{"port": 99999999999999999999}"#, "1:10: port: must be a whole number, not 99999999999999999999"),
        (#"{"port": null}"#, "1:10: port: must be a whole number, not null (leave the key out instead)"),
        (#"{"port":1,"tags":["a",3]}"#, "1:23: tags[1]: must be a string, not 3"),
        (#"{"port":1,"tags":"a"}"#, #"1:18: tags: must be an array of strings, not "a""#),
        (#"{"port":1,"prot":1}"#, #"1:11: unknown key "prot" (allowed: inner, off, port, tags)"#),
        (#"{"port":1,"inner":{"b":1}}"#, #"1:20: unknown key "inner.b" (allowed: c)"#),
        (#"{"tags":[]}"#, #"1:1: missing key "port""#),
        ("[]", "1:1: the document: must be an object, not an array"),
    ])
    func shapesNameTheKeyPath(json: String, message: String) {
        #expect(refusal(json, shape: listener) == message)
    }

    @Test func aNullableMemberTakesNull() {
        #expect(refusal(#"{"port":0,"off":null}"#, shape: listener) == nil)
        #expect(refusal(#"{"port":0,"off":{}}"#, shape: listener) == nil)
    }
}
