import AppleArchive
import JSONText
import Testing

/// Round 3, finding 1: a `Manifest.json` whose `userInfo` nested 511 levels parsed, then re-encoding it failed
/// in a `try!` and `serve` died. Every path now reads JSON strictly with one set of limits (64 levels, 64 KiB,
/// no duplicate keys) and nothing on the way traps.
@Suite struct UserInfoLimitsTests {
    static func nested(_ levels: Int) -> String {
        String(repeating: "[", count: levels) + "1" + String(repeating: "]", count: levels)
    }

    static func manifest(userInfo: String) -> [UInt8] {
        Array(#"{"assetPackID":"a","userInfo":\#(userInfo)}"#.utf8)
    }

    @Test func sixtyFourLevelsAreTheLimitWhereverUserInfoComesFrom() throws {
        let manifest = try AssetPackManifest(json: Self.manifest(userInfo: Self.nested(64)))
        #expect(manifest.userInfo?.depth == 64)
        #expect(try UserInfoLimits.canonicalJSON(parsing: Array(Self.nested(64).utf8)) == Array(Self.nested(64).utf8))

        // The manifest's own object is the 65th level.
        #expect(throws: AssetPackManifestError("not valid JSON: 1:95: nested deeper than 65 levels")) {
            try AssetPackManifest(json: Self.manifest(userInfo: Self.nested(65)))
        }
        #expect(throws: UserInfoError("is not one JSON document: 1:65: nested deeper than 64 levels")) {
            try UserInfoLimits.canonicalJSON(parsing: Array(Self.nested(65).utf8))
        }
    }

    /// The finding's own archive: 511 levels, which Foundation decoded and then could not encode.
    @Test func theFindingsFiveHundredElevenLevelsAreOneLine() {
        #expect(throws: AssetPackManifestError("not valid JSON: 1:95: nested deeper than 65 levels")) {
            try AssetPackManifest(json: Self.manifest(userInfo: Self.nested(511)))
        }
    }

    @Test func moreThanSixtyFourKibibytesIsRefused() throws {
        let fits = "\"" + String(repeating: "x", count: UserInfoLimits.maxBytes - 2) + "\""
        #expect(try UserInfoLimits.canonicalJSON(parsing: Array(fits.utf8)).count == UserInfoLimits.maxBytes)
        let over = "\"" + String(repeating: "x", count: UserInfoLimits.maxBytes - 1) + "\""
        #expect(throws: UserInfoError("is 65537 bytes, more than 65536")) {
            try UserInfoLimits.canonicalJSON(parsing: Array(over.utf8))
        }
        #expect(throws: AssetPackManifestError("userInfo is 65537 bytes, more than 65536")) {
            try AssetPackManifest(json: Self.manifest(userInfo: over))
        }
    }

    /// Which of two `assetPackID`s would a device believe? Neither: the manifest is refused, as config.json
    /// and admin bodies are.
    @Test func aDuplicateKeyIsRefused() {
        #expect(throws: AssetPackManifestError(#"not valid JSON: 1:20: duplicate key "assetPackID""#)) {
            try AssetPackManifest(json: Array(#"{"assetPackID":"a","assetPackID":"b"}"#.utf8))
        }
        #expect(throws: UserInfoError(#"is not one JSON document: 1:8: duplicate key "a""#)) {
            try UserInfoLimits.canonicalJSON(parsing: Array(#"{"a":1,"a":2}"#.utf8))
        }
    }

    /// Found by the archive-manifest fuzzer: `-0.5e+3` read as the double -500.0, was written `-500`, and read
    /// back as an integer. A whole number is an integer however it is written, so canonical JSON is a fixpoint.
    @Test func wholeNumbersAreIntegersHoweverWritten() throws {
        for (written, canonical) in [("-0.5e+3", "-500"), ("1.0", "1"), ("2E2", "200"), ("1.5", "1.5"), ("1e20", "1e+20")] {
            let value = try JSONValue(json: Array(written.utf8))
            let json = try value.canonicalJSON()
            #expect(String(decoding: json, as: UTF8.self) == canonical, "\(written)")
            #expect(try JSONValue(json: json) == value, "\(written)")
        }
    }

    /// A number too large for a Double is infinite, which JSON cannot write: refused, not trapped on.
    @Test func aNumberJSONCannotWriteIsRefused() {
        #expect(throws: UserInfoError.self) { try UserInfoLimits.canonicalJSON(parsing: Array("[1e999]".utf8)) }
    }

    /// Found by ArchiveManifestFuzzer: such a number in a key PackServe does not read was accepted, and the
    /// document then failed to be stored.
    @Test func aManifestWithAnUnwritableNumberIsRefused() {
        #expect(throws: AssetPackManifestError("a number beyond a double's range cannot be kept")) {
            try AssetPackManifest(json: Array(#"{"assetPackID":"a","later":{"n":-0.5e+2111}}"#.utf8))
        }
    }

    /// Found by ArchiveManifestFuzzer: a policy name spelt with `\n`, quoted in the refusal, broke its line.
    @Test func aRefusalQuotingTheManifestStaysOneLine() {
        #expect(throws: AssetPackManifestError(#"downloadPolicy "ess\ntial" is not essential, prefetch or onDemand"#)) {
            try AssetPackManifest(json: Array(#"{"assetPackID":"a","downloadPolicy":{"ess\ntial":{}}}"#.utf8))
        }
        #expect(!AssetPackManifestError("a\nb").description.contains("\n"))
    }

    /// What Foundation decodes from a bucket's document may nest 511 levels; writing it throws, never traps.
    @Test func canonicalJSONThrowsWhereFoundationGivesUp() {
        var value = JSONValue.integer(1)
        for _ in 0..<600 { value = .array([value]) }
        #expect(throws: (any Error).self) { try value.canonicalJSON() }
        #expect(throws: UserInfoError("nests 600 levels deep, more than 64")) { try UserInfoLimits.canonicalJSON(of: value) }
    }
}
