import Crypto
import Foundation
import PackKitTestSupport
import PackKitWire
import Testing

/// Every refusal has its own case and its own test; each test fails if its check is removed.
@Suite struct ManifestVerifierTests {
    let signer = TestSigner()
    let manifest = SampleManifest.manifest(packs: [SampleManifest.pack("level-1", bytes: [1, 2, 3])])
    var verifier: ManifestVerifier { ManifestVerifier(keys: [signer.pinnedKey]) }
    let now = Date(timeIntervalSince1970: TimeInterval(SampleManifest.issuedAt + 60))

    @Test func acceptsWhatTheServerSigns() throws {
        let verified = try verifier.verify(compactJWS: signer.sign(manifest), now: now)
        #expect(verified.manifest == manifest)
        #expect(verified.keyID == signer.keyID)
        #expect(verified.payload == TestSigner.payload(manifest))
    }

    /// Byte for byte what `ManifestPayloadWriter` writes (sorted keys, `access` before `contentType`).
    @Test func readsTheServersPayloadBytes() throws {
        let payload = #"{"builds":{"max":"2","min":"1.10"},"channel":"beta","exp":1764374400,"iat":1763769600,"iss":"https://assets.example.com","packs":[{"access":"private","contentType":"application/zip","id":"level-5","order":1,"policy":"prefetch","sha256":"00ff","size":1048576,"tags":["forest","level-5"],"url":"https://assets.example.com/blobs/sha256/00ff","version":3}],"release":4,"tags":{"forest":["level-5"],"level-5":["level-5"]},"totals":{"essentialBytes":0,"onDemandBytes":0,"prefetchBytes":1048576},"version":17}"#
        let beta = ManifestVerifier(keys: [signer.pinnedKey], channel: "beta", build: try AppBuild(parsing: "1.10.3"))
        let verified = try beta.verify(compactJWS: signer.sign(payload: Array(payload.utf8)), now: now)
        let pack = try #require(verified.manifest.packs.first)
        #expect(pack.isPrivate && pack.policy == .prefetch && pack.order == 1 && pack.size == 1_048_576)
        #expect(verified.manifest.version == 17 && verified.manifest.builds?.min == "1.10")
    }

    @Test func ignoresFieldsItDoesNotKnow() throws {
        let payload = #"{"channel":"production","cohort":7,"exp":1764374400,"iss":"x","packs":[{"id":"a","size":1,"sha256":"00","tags":["a"],"future":true}],"release":1,"version":2}"#
        let verified = try verifier.verify(compactJWS: signer.sign(payload: Array(payload.utf8)), now: now)
        #expect(verified.manifest.tags == ["a": ["a"]])
        #expect(verified.manifest.packs.first?.policy == .onDemand)
    }

    @Test func refusesAlgNone() {
        let token = Base64URL.encode(Array(#"{"alg":"none","typ":"JWT"}"#.utf8)) + "." + Base64URL.encode(TestSigner.payload(manifest)) + "."
        #expect(throws: ManifestVerificationError.algorithmNone) {
            try verifier.verify(compactJWS: Array(token.utf8), now: now)
        }
        // Even when "signed" by the pinned key.
        let signed = signer.sign(header: #"{"alg":"None","kid":"\#(signer.keyID)"}"#, payload: TestSigner.payload(manifest))
        #expect(throws: ManifestVerificationError.algorithmNone) { try verifier.verify(compactJWS: signed, now: now) }
    }

    /// The classic confusion: an HMAC keyed with the public key's bytes, which anyone can compute.
    @Test func refusesHS256EvenWithAValidHMAC() {
        let header = Base64URL.encode(Array(#"{"alg":"HS256","kid":"\#(signer.keyID)","typ":"JWT"}"#.utf8))
        let input = header + "." + Base64URL.encode(TestSigner.payload(manifest))
        let mac = HMAC<SHA256>.authenticationCode(for: Array(input.utf8), using: SymmetricKey(data: signer.pinnedKey.rawRepresentation))
        let token = input + "." + Base64URL.encode(Array(mac))
        #expect(throws: ManifestVerificationError.unsupportedAlgorithm("HS256")) {
            try verifier.verify(compactJWS: Array(token.utf8), now: now)
        }
        let noAlg = signer.sign(header: #"{"kid":"\#(signer.keyID)"}"#, payload: TestSigner.payload(manifest))
        #expect(throws: ManifestVerificationError.unsupportedAlgorithm(nil)) { try verifier.verify(compactJWS: noAlg, now: now) }
    }

    @Test func refusesAKeyIDThatIsNotPinned() {
        let other = TestSigner()
        #expect(throws: ManifestVerificationError.unknownKeyID(other.keyID)) {
            try verifier.verify(compactJWS: other.sign(manifest), now: now)
        }
        let noKid = signer.sign(header: #"{"alg":"EdDSA"}"#, payload: TestSigner.payload(manifest))
        #expect(throws: ManifestVerificationError.unknownKeyID(nil)) { try verifier.verify(compactJWS: noKid, now: now) }
    }

    /// Another key claiming the pinned key's id: the signature check catches it.
    @Test func refusesASignatureByAnotherKeyUnderThePinnedKid() {
        let other = TestSigner()
        let forged = other.sign(header: #"{"alg":"EdDSA","kid":"\#(signer.keyID)","typ":"JWT"}"#, payload: TestSigner.payload(manifest))
        #expect(throws: ManifestVerificationError.badSignature) { try verifier.verify(compactJWS: forged, now: now) }
    }

    @Test func refusesATamperedPayload() throws {
        var text = String(decoding: signer.sign(manifest), as: UTF8.self)
        let parts = text.split(separator: ".").map(String.init)
        var payload = TestSigner.payload(manifest)
        let index = try #require(payload.firstIndex(of: UInt8(ascii: "7")))  // "version":17 → 18
        payload[index] = UInt8(ascii: "8")
        text = parts[0] + "." + Base64URL.encode(payload) + "." + parts[2]
        #expect(throws: ManifestVerificationError.badSignature) { try verifier.verify(compactJWS: Array(text.utf8), now: now) }
    }

    @Test func refusesUnknownCriticalHeaders() {
        let token = signer.sign(
            header: #"{"alg":"EdDSA","crit":["exp"],"exp":1,"kid":"\#(signer.keyID)"}"#, payload: TestSigner.payload(manifest))
        #expect(throws: ManifestVerificationError.unsupportedCritical(["exp"])) { try verifier.verify(compactJWS: token, now: now) }
    }

    @Test(arguments: [CompactJWS.Part.header, .payload, .signature])
    func refusesBadBase64URL(in part: CompactJWS.Part) {
        var parts = String(decoding: signer.sign(manifest), as: UTF8.self).split(separator: ".").map(String.init)
        let index = [CompactJWS.Part.header, .payload, .signature].firstIndex(of: part)!
        parts[index] += "="
        #expect(throws: ManifestVerificationError.badBase64URL(part)) {
            try verifier.verify(compactJWS: Array(parts.joined(separator: ".").utf8), now: now)
        }
    }

    @Test func refusesWhatIsNotThreeParts() {
        #expect(throws: ManifestVerificationError.notCompactJWS(parts: 2)) { try verifier.verify(compactJWS: Array("a.b".utf8), now: now) }
        #expect(throws: ManifestVerificationError.malformedHeader) {
            try verifier.verify(compactJWS: Array((Base64URL.encode(Array("[1]".utf8)) + "..").utf8), now: now)
        }
    }

    @Test func refusesAnExpiredManifestBeyondTheLeeway() throws {
        let token = signer.sign(manifest)
        let exp = TimeInterval(manifest.exp)
        _ = try verifier.verify(compactJWS: token, now: Date(timeIntervalSince1970: exp + 59))
        #expect(throws: ManifestVerificationError.expired(exp: manifest.exp, now: manifest.exp + 60)) {
            try verifier.verify(compactJWS: token, now: Date(timeIntervalSince1970: exp + 60))
        }
        // Already accepted before: still readable offline.
        #expect(try verifier.verifyIgnoringExpiry(compactJWS: token).manifest == manifest)
    }

    @Test func refusesAnotherChannelsManifest() {
        let beta = SampleManifest.manifest(channel: "beta", packs: manifest.packs)
        #expect(throws: ManifestVerificationError.otherChannel(signedFor: "beta", expected: "production")) {
            try verifier.verify(compactJWS: signer.sign(beta), now: now)
        }
        // No channel at all means production: refused when the app reads beta.
        let unnamed = #"{"exp":1764374400,"iss":"x","packs":[],"release":1,"version":2}"#
        let betaReader = ManifestVerifier(keys: [signer.pinnedKey], channel: "beta")
        #expect(throws: ManifestVerificationError.otherChannel(signedFor: "production", expected: "beta")) {
            try betaReader.verify(compactJWS: signer.sign(payload: Array(unnamed.utf8)), now: now)
        }
        #expect(throws: Never.self) { try verifier.verify(compactJWS: signer.sign(payload: Array(unnamed.utf8)), now: now) }
    }

    @Test func refusesAReleaseForOtherBuilds() throws {
        let narrow = SampleManifest.manifest(builds: ManifestBuilds(min: "1.10", max: "2"), packs: [])
        let token = signer.sign(narrow)
        let reader = { (build: String) in ManifestVerifier(keys: [signer.pinnedKey], build: try? AppBuild(parsing: build)) }
        _ = try reader("2.7").verify(compactJWS: token, now: now)
        #expect(throws: ManifestVerificationError.otherBuild(build: "1.9", range: "1.10 … 2")) {
            try reader("1.9").verify(compactJWS: token, now: now)
        }
    }

    @Test func refusesASignedPayloadThatIsNotAManifest() {
        #expect(throws: ManifestVerificationError.malformedPayload("missing version")) {
            try verifier.verify(compactJWS: signer.sign(payload: Array(#"{"exp":1,"iss":"x","packs":[],"release":1}"#.utf8)), now: now)
        }
    }

    @Test func verifiesADetachedSignatureWithAnyPinnedKey() throws {
        let payload = TestSigner.payload(manifest)
        let both = ManifestVerifier(keys: [TestSigner().pinnedKey, signer.pinnedKey])
        let verified = try both.verify(payload: payload, detachedSignature: signer.detachedSignature(payload), now: now)
        #expect(verified.keyID == signer.keyID && verified.compactJWS == nil)
        #expect(throws: ManifestVerificationError.badSignature) {
            try both.verify(payload: payload + [32], detachedSignature: signer.detachedSignature(payload), now: now)
        }
    }
}
