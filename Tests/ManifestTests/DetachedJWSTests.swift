import Manifest
import PackKitWire
import Testing

/// The JWS as the index keeps it: without its payload part (RFC 7515 Appendix F), put back when served.
@Suite struct DetachedJWSTests {
    /// Payloads of every length modulo 3, so the base64url tail is each of its three shapes.
    @Test(arguments: 0..<6)
    func aSignedManifestsJWSComesBackWholeFromItsDetachedForm(packs: Int) throws {
        let key = SigningKey()
        let document = PackManifest(
            iss: "https://assets.example.com", iat: 1, exp: 2, version: 1, release: 1,
            packs: (0..<packs).map {
                PackDescriptor(
                    id: String(repeating: "p", count: $0 + 1), version: 1, url: nil, size: 1,
                    sha256: String(repeating: "a", count: 64), tags: [], policy: .onDemand, order: 0,
                    contentType: "application/octet-stream")
            })
        let signed = try SignedManifest(document: document, key: key)
        let compact = Array(signed.compactJWS.utf8)
        #expect(DetachedJWS(compact: compact) == signed.detachedJWS)
        let stored = try #require(DetachedJWS(stored: signed.detachedJWS.text))
        #expect(stored.attaching(payload: signed.payload) == compact)
        #expect(stored.compactLength(payloadCount: signed.payload.count) == compact.count)
        #expect(signed.detachedJWS.text.split(separator: ".", omittingEmptySubsequences: false).count == 3)
    }

    @Test func theLengthOfTheCompactFormIsKnownForEveryPayloadLength() throws {
        let detached = try #require(DetachedJWS(stored: "aGVhZA..c2ln"))
        for count in 0..<7 {
            let payload = [UInt8](repeating: 7, count: count)
            #expect(detached.compactLength(payloadCount: count) == detached.attaching(payload: payload).count)
        }
        #expect(detached.attaching(payload: Array("{}".utf8)) == Array("aGVhZA.e30.c2ln".utf8))
    }

    @Test(arguments: ["", "..", "a..b", "aGVhZA.e30.c2ln", "aGVhZA..", "..c2ln", "aGVhZA...c2ln", "aGV+ZA..c2ln", "aGVhZA..c2ln=", "aGVhZA.c2ln"])
    func storedTextThatIsNotADetachedJWSIsRefused(text: String) {
        #expect(DetachedJWS(stored: text) == nil)
    }

    @Test(arguments: ["", "a.b", "a.b.c.d", "abc"])
    func aCompactJWSWithoutThreePartsCannotBeDetached(text: String) {
        #expect(DetachedJWS(compact: Array(text.utf8)) == nil)
    }
}
