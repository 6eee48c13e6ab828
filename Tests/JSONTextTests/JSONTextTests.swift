import Foundation
import JSONText
import Testing

/// JSONText writes what swift-foundation's JSONEncoder writes (with `.withoutEscapingSlashes`), byte for byte:
/// the signed manifest depends on it (docs/manifest.md).
@Suite struct JSONTextTests {
    /// Every byte that may stand alone in UTF-8 text, plus non-ASCII scalars, a slash and the empty string.
    static let samples: [String] =
        (0..<0x80).map { String(UnicodeScalar(UInt8($0))) } + ["", "/", "a/b", "é", "日本", "🎮", "tab\there", "\u{7F}"]

    @Test(arguments: samples)
    func matchesJSONEncoder(_ text: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let expected = try encoder.encode(text)
        var written: [UInt8] = []
        JSONText.appendString(text, to: &written)
        #expect(written == Array(expected), "\(Array(text.utf8))")
    }

    @Test func namesTheShortEscapesAndSpellsOutTheOtherControls() {
        #expect(JSONText.quoted("a\"b\\c\n\r\t\u{8}\u{C}") == #""a\"b\\c\n\r\t\b\f""#)
        #expect(JSONText.quoted("\u{0}\u{1F}") == #""\u0000\u001f""#)
    }

    @Test func copiesTextAroundEscapesWhole() {
        var out = Array("x".utf8)
        JSONText.appendString("level \"1\" of 2", to: &out)
        #expect(String(decoding: out, as: UTF8.self) == #"x"level \"1\" of 2""#)
    }
}

/// `JSONText.oneLine`: text from outside, quoted in a refusal, stays one line and drives no terminal.
@Suite struct OneLineTests {
    @Test(arguments: [
        ("plain", "plain"), ("a\nb", #"a\nb"#), ("\u{1B}[2J", #"\u001b[2J"#), ("del\u{7F}", #"del\u007f"#),
        ("tab\there", #"tab\there"#), ("é \"quoted\" \\", "é \"quoted\" \\"),
        // C1 controls and the line and paragraph separators (DeviceReportFuzzer found U+009A quoted raw).
        ("c1\u{9A}", #"c1\u009a"#), ("\u{80}\u{9F}", #"\u0080\u009f"#), ("a\u{2028}b\u{2029}", #"a\u2028b\u2029"#),
        ("€ ∑ 日本 😀 \u{A0}", "€ ∑ 日本 😀 \u{A0}"),
    ])
    func controlsAreEscapedAndNothingElse(text: String, expected: String) {
        #expect(JSONText.oneLine(text) == expected)
    }
}
