import Foundation
import JSONText
@testable import Manifest
import PackKitWire
import Testing

/// `ManifestPayloadWriter` must give the very bytes `CanonicalJSON.encode` gives: clients verify signatures
/// over them, and `JSONEncoder` stays the reference for what canonical means.
@Suite struct ManifestPayloadWriterTests {
    static func pack(
        _ id: String, url: String? = "https://h.example/blobs/sha256/aa", size: Int64 = 1, sha256: String = "aa",
        tags: [String] = [], policy: String = "prefetch", version: Int = 1, order: Int = 0,
        contentType: String? = "application/zip"
    ) -> PackDescriptor {
        PackDescriptor(id: id, version: version, url: url, size: size, sha256: sha256, tags: tags,
                       policy: PackPolicy(rawValue: policy), order: order, contentType: contentType)
    }

    static func document(_ packs: [PackDescriptor], iss: String = "https://h.example") -> PackManifest {
        PackManifest(iss: iss, iat: 1_763_769_600, exp: 1_764_374_400, version: 17, release: 4, packs: packs)
    }

    /// Every byte below 0x80, so each escape rule (and each byte that must not be escaped) is exercised.
    static let everyASCII = String(String.UnicodeScalarView((0..<0x80).map { Unicode.Scalar(UInt8($0)) }))
    /// Non-ASCII that some encoders escape and Foundation does not: DEL (ASCII, but above the controls),
    /// C1 controls, NBSP, line/paragraph separators, BOM, a combining accent, a non-BMP emoji, U+FFFD.
    /// Its tags add keys whose byte order is not Swift's `<`, which compares canonically: by bytes
    /// "e\u{301}x" sorts before "éa", by `<` after it.
    static let unicode = "\u{7F}\u{80}\u{9F}\u{A0}é e\u{301} \u{2028}\u{2029}\u{FEFF}日本 \u{FF21} 😀 \u{FFFD}"

    static let trickyDocuments: [(name: String, document: PackManifest)] = {
        var bigNumbers = document([
            pack("max", size: .max, policy: "essential", version: .max, order: .max),
            pack("min", size: .min, policy: "prefetch", version: .min, order: .min),
            pack("zero", size: 0, policy: "on-demand", version: 0, order: -1),
        ])
        bigNumbers.iat = .min
        bigNumbers.exp = .max
        bigNumbers.version = .min
        bigNumbers.release = .max
        func channel(_ name: String, min: String?, max: String?) -> PackManifest {
            var document = document([pack("a")])
            document.channel = name
            document.builds = .bounds(min: min, max: max)
            return document
        }
        return [
            ("no packs", document([])),
            ("a channel and both build bounds", channel("beta", min: "1.10", max: "2")),
            ("only a minimum build", channel("qa-2", min: "1.10.0", max: nil)),
            ("only a maximum build", channel("production", min: nil, max: "1.9")),
            ("an escaped channel", channel(everyASCII, min: unicode, max: "\"")),
            ("nil url", document([pack("a", url: nil), pack("b")])),
            ("one pack, nil url", document([pack("a", url: nil, tags: ["t"])])),
            ("no content type", document([pack("a", contentType: nil), pack("b")])),
            ("empty strings",
             document([pack("", url: "", sha256: "", tags: [""], policy: "", contentType: "")], iss: "")),
            ("every ASCII byte", document([
                pack(everyASCII, url: everyASCII, sha256: everyASCII, tags: [everyASCII], policy: everyASCII,
                     contentType: everyASCII),
            ], iss: everyASCII)),
            ("unicode", document([
                pack(unicode, url: unicode, tags: [unicode, "é", "e\u{301}", "😀", "\u{FF21}", "e\u{301}x", "éa"]),
            ], iss: unicode)),
            ("slashes and quotes", document([pack("a/b", url: "https://h/x/\"y\"\\z", tags: ["/", "\\", "\""])])),
            ("tags numeric vs lexicographic, upper vs lower case", document([
                pack("level-10", tags: ["level-10", "level-9", "level-1", "Level-2", "LEVEL", "level_1", "level.1"]),
                pack("level-9", tags: ["level-9", "a", "B", "b", "A", "_", "0", "-", "10", "9"]),
                pack("level-2", tags: ["level-2", "forest", "Forest", "forest-hd", "forest.hd", "forest_hd"]),
            ])),
            ("big and negative numbers", bigNumbers),
        ]
    }()

    @Test(arguments: trickyDocuments.indices)
    func trickyDocumentsMatchJSONEncoder(index: Int) throws {
        let (name, document) = Self.trickyDocuments[index]
        expectSameBytes(ManifestPayloadWriter.encode(document), try CanonicalJSON.encode(document), name)
    }

    /// The rules written out, independent of `JSONEncoder`: if Foundation ever changed them, the tests above
    /// would still pass for both writers together, and this one would say what changed.
    @Test func bytesFollowTheDocumentedRules() {
        var document = Self.document([
            Self.pack("p", url: nil, size: -5, sha256: "\"\\/\u{8}\u{C}\n\r\t\u{0}\u{1F}\u{7F}\u{2028}é",
                 tags: ["level-9", "level-10", "b", "B", "é", "z"], order: 3),
        ])
        document.totals.onDemandBytes = .min
        let expected = #"{"channel":"production","exp":1764374400,"iat":1763769600,"iss":"https://h.example","packs":["#
            + #"{"contentType":"application/zip","id":"p","order":3,"policy":"prefetch","#
            + #""sha256":"\"\\/\b\f\n\r\t\u0000\u001f"#
            + "\u{7F}\u{2028}é"
            + #"","size":-5,"tags":["level-9","level-10","b","B","é","z"],"version":1}],"release":4,"#
            + #""tags":{"B":["p"],"b":["p"],"level-10":["p"],"level-9":["p"],"z":["p"],"é":["p"]},"#
            + #""totals":{"essentialBytes":0,"onDemandBytes":-9223372036854775808,"prefetchBytes":-5},"version":17}"#
        expectSameBytes(ManifestPayloadWriter.encode(document), Array(expected.utf8), "documented rules")
    }

    @Test func buildsComeFirstWithTheirBoundsInKeyOrder() {
        var document = Self.document([])
        document.channel = "beta"
        document.builds = .bounds(min: "1.10", max: "2")
        let text = String(decoding: ManifestPayloadWriter.encode(document), as: UTF8.self)
        #expect(text.hasPrefix(#"{"builds":{"max":"2","min":"1.10"},"channel":"beta","exp":"#))
        #expect(ManifestBuilds.bounds(min: nil, max: nil) == nil)
    }

    @Test func randomDocumentsMatchJSONEncoder() throws {
        var random = SplitMix64(seed: 0x5EED_2025)
        var escapedStrings = 0
        var nonASCIITagKeys = 0
        for round in 0..<300 {
            let document = Self.randomDocument(&random)
            let written = ManifestPayloadWriter.encode(document)
            expectSameBytes(written, try CanonicalJSON.encode(document), "random document \(round)")
            if written.contains(UInt8(ascii: "\\")) { escapedStrings += 1 }
            if document.tags.keys.contains(where: { $0.utf8.contains { $0 >= 0x80 } }) { nonASCIITagKeys += 1 }
        }
        // The generator must reach the cases that matter, or this test proves little.
        #expect(escapedStrings > 50 && nonASCIITagKeys > 50)
    }

    @Test(arguments: trickyDocuments.indices)
    func writtenBytesDecodeToTheSameDocument(index: Int) throws {
        let document = Self.trickyDocuments[index].document
        let decoded = try CanonicalJSON.decode(PackManifest.self, from: ManifestPayloadWriter.encode(document))
        #expect(decoded == document)
    }

    @Test func signedManifestPayloadIsCanonicalJSON() throws {
        let document = Self.trickyDocuments.last!.document
        let signed = try SignedManifest(document: document, key: SigningKey())
        expectSameBytes(signed.payload, try CanonicalJSON.encode(document), "signed payload")
    }

    /// Compares bytes, not Strings (`==` on String equates "é" and "e\u{301}"), and on a difference shows
    /// where it starts rather than two whole byte arrays.
    func expectSameBytes(
        _ written: [UInt8], _ expected: [UInt8], _ name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard written != expected else { return }
        let offset = zip(written, expected).prefix { $0 == $1 }.count
        func text(_ bytes: [UInt8]) -> String {
            String(decoding: bytes[offset...].prefix(60), as: UTF8.self).debugDescription
        }
        Issue.record(
            "\(name): bytes differ from offset \(offset): writer \(text(written)), JSONEncoder \(text(expected))",
            sourceLocation: sourceLocation)
    }

    // MARK: random documents

    /// Scalars chosen to hit every escape and ordering rule: controls, quote, backslash, slash, DEL, digits
    /// and letters of both cases, a combining accent, non-BMP, and separators some encoders escape.
    static let alphabet: [Unicode.Scalar] =
        Array("aAzZ09-._/\"\\ é\u{301}😀日\u{2028}\u{7F}\u{FFFD}\u{FF21}".unicodeScalars)
        + (0..<0x20).map { Unicode.Scalar(UInt8($0)) }

    static func randomString(_ random: inout SplitMix64, maxLength: Int = 12) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...maxLength, using: &random) {
            scalars.append(alphabet.randomElement(using: &random)!)
        }
        return String(scalars)
    }

    static func randomTag(_ random: inout SplitMix64) -> String {
        // Mostly names like real tags, whose order depends on digits and case; some arbitrary strings.
        if Bool.random(using: &random) { return randomString(&random, maxLength: 4) }
        let stem = ["level-", "Level-", "level_", "forest", "Forest", "a", "B"].randomElement(using: &random)!
        return stem + String(Int.random(in: 0...120, using: &random))
    }

    static func randomInteger<T: FixedWidthInteger & SignedInteger>(_ random: inout SplitMix64) -> T {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: [T.min, T.max, 0, -1].randomElement(using: &random)!
        case 1: T(truncatingIfNeeded: random.next())
        default: T.random(in: -1000...1_000_000, using: &random)
        }
    }

    static func randomDocument(_ random: inout SplitMix64) -> PackManifest {
        let packs = (0..<Int.random(in: 0...8, using: &random)).map { _ in
            PackDescriptor(
                id: randomString(&random), version: randomInteger(&random),
                url: Bool.random(using: &random) ? nil : "https://h/" + randomString(&random),
                // Small enough that the totals PackManifest adds up cannot overflow.
                size: Int64.random(in: -(1 << 40)...(1 << 40), using: &random), sha256: randomString(&random),
                tags: (0..<Int.random(in: 0...4, using: &random)).map { _ in randomTag(&random) },
                policy: PackPolicy(
                    rawValue: ["essential", "prefetch", "on-demand", randomString(&random)].randomElement(using: &random)!),
                order: randomInteger(&random), contentType: Bool.random(using: &random) ? nil : randomString(&random))
        }
        var document = PackManifest(
            iss: randomString(&random), iat: randomInteger(&random), exp: randomInteger(&random),
            version: randomInteger(&random), release: randomInteger(&random), packs: packs)
        if Bool.random(using: &random) { document.totals.essentialBytes = randomInteger(&random) }
        return document
    }
}
