import PackKitWire
import Testing

@Suite struct Base64URLTests {
    /// RFC 4648 §10 vectors, unpadded.
    @Test(arguments: [
        ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"),
        ("foobar", "Zm9vYmFy"),
    ])
    func rfc4648Vectors(plain: String, encoded: String) {
        #expect(Base64URL.encode(Array(plain.utf8)) == encoded)
        #expect(Base64URL.decode(encoded) == Array(plain.utf8))
    }

    @Test func urlAlphabet() {
        #expect(Base64URL.encode([0xFB, 0xFF, 0xBF]) == "-_-_")
        #expect(Base64URL.decode("-_-_") == [0xFB, 0xFF, 0xBF])
    }

    /// How a compact JWS is built: each part appended to what is already there.
    @Test func appendsAfterWhatTheBufferHolds() {
        var text = Array("a.".utf8)
        Base64URL.append(Array("foob".utf8), to: &text)
        #expect(String(decoding: text, as: UTF8.self) == "a.Zm9vYg")
    }

    /// Padding, the standard alphabet, whitespace, an impossible length, and leftover bits that are not
    /// zero ("Zh" would otherwise also decode to "f").
    @Test(arguments: ["Zg==", "+/+/", "Zm9v/A", "Z", "Zm9v!", "Zm 9v", "Zh", "Zm9"])
    func refusesWhatIsNotCanonicalUnpaddedBase64URL(text: String) {
        #expect(Base64URL.decode(text) == nil)
    }

    @Test func roundTripsEveryLengthUpTo300() {
        var generator = SystemRandomNumberGenerator()
        for length in 0...300 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(Base64URL.decode(Base64URL.encode(bytes)) == bytes, "length \(length)")
        }
    }
}
