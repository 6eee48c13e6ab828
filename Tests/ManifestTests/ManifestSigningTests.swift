import Crypto
import Foundation
import JSONText
import Manifest
import Testing

@Suite struct ManifestSigningTests {
    let key = SigningKey()

    func document(version: Int = 7, exp: Int64 = 2_000_000_000) -> ManifestDocument {
        ManifestDocument(
            iss: "https://assets.example.com", iat: 1_763_769_600, exp: exp, version: version, release: 4,
            packs: [
                ManifestPack(id: "level-5", version: 3, url: "https://assets.example.com/blobs/sha256/aa", size: 10,
                             sha256: "aa", tags: ["level-5", "forest"], policy: "prefetch", order: 1, contentType: "application/zip"),
                ManifestPack(id: "base", version: 1, url: "https://assets.example.com/blobs/sha256/bb", size: 5,
                             sha256: "bb", tags: ["forest"], policy: "essential", order: 0, contentType: "application/octet-stream"),
            ])
    }

    @Test func packsAreSortedAndTagsAndTotalsDerived() {
        let d = document()
        #expect(d.packs.map(\.id) == ["base", "level-5"])
        #expect(d.tags == ["forest": ["base", "level-5"], "level-5": ["level-5"]])
        #expect(d.totals.essentialBytes == 5 && d.totals.prefetchBytes == 10 && d.totals.onDemandBytes == 0)
    }

    @Test func payloadBytesAreDeterministicCompactAndUnescaped() throws {
        let a = try SignedManifest(document: document(), key: key)
        let b = try SignedManifest(document: document(), key: key)
        #expect(a.payload == b.payload)
        let text = String(decoding: a.payload, as: UTF8.self)
        #expect(!text.contains("\\/") && !text.contains(" ") && !text.contains("\n"))
        #expect(text.hasPrefix(#"{"channel":"production","exp":2000000000,"iat":1763769600,"iss":"https://assets.example.com","packs":[{"#))
    }

    @Test func bothSignaturesVerifyAndRoundTripTheDocument() throws {
        let signed = try SignedManifest(document: document(), key: key)
        #expect(signed.payloadSignature.count == 64)
        let viaJWS = try ManifestVerifier.verify(compactJWS: signed.compactJWS, key: key.publicKey, now: 1_800_000_000)
        let viaRaw = try ManifestVerifier.verify(
            payload: signed.payload, signature: signed.payloadSignature, key: key.publicKey, now: 1_800_000_000)
        #expect(viaJWS == document())
        #expect(viaRaw == document())
        let header = try #require(Base64URL.decode(signed.compactJWS.split(separator: ".")[0]))
        #expect(String(decoding: header, as: UTF8.self) == #"{"alg":"EdDSA","kid":"\#(key.keyID)","typ":"JWT"}"#)
    }

    @Test func aTamperedPayloadFailsBothChecks() throws {
        let signed = try SignedManifest(document: document(), key: key)
        var payload = signed.payload
        payload[payload.count / 2] ^= 0x01
        #expect(throws: ManifestError.badSignature) {
            try ManifestVerifier.verify(payload: payload, signature: signed.payloadSignature, key: key.publicKey, now: 0)
        }
        let parts = signed.compactJWS.split(separator: ".")
        let forged = "\(parts[0]).\(Base64URL.encode(payload)).\(parts[2])"
        #expect(throws: ManifestError.badSignature) {
            try ManifestVerifier.verify(compactJWS: forged, key: key.publicKey, now: 0)
        }
    }

    @Test func anotherKeyOrAnExpiredManifestIsRefused() throws {
        let signed = try SignedManifest(document: document(exp: 1_000), key: key)
        let other = SigningKey().publicKey
        #expect(throws: ManifestError.unknownKeyID(key.keyID)) {
            try ManifestVerifier.verify(compactJWS: signed.compactJWS, key: other, now: 0)
        }
        #expect(throws: ManifestError.expired(exp: 1_000, now: 1_001)) {
            try ManifestVerifier.verify(compactJWS: signed.compactJWS, key: key.publicKey, now: 1_001)
        }
    }

    @Test func keyIDIsTheFirstEightBytesOfTheRawKeysSHA256() {
        let digest = Array(SHA256.hash(data: key.publicKey.rawBytes))
        #expect(key.keyID == digest.prefix(8).map { String(format: "%02x", $0) }.joined())
        #expect(key.keyID.count == 16)
    }

    @Test func keysSurviveAPEMRoundTripAndTheFileIsOwnerOnly() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("keys-\(UUID().uuidString)")
        let path = dir.appendingPathComponent("k.pem").path
        try key.writePrivateKey(to: path)
        #expect(try SigningKey(pemFile: path).keyID == key.keyID)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(String(decoding: Array(key.privateKeyPEM.utf8), as: UTF8.self).hasPrefix("-----BEGIN PRIVATE KEY-----"))
        #expect(throws: ManifestError.self) { try SigningKey().writePrivateKey(to: path) }
    }

    @Test func theJWKSetListsEachKeyOnceAsOKPEd25519() throws {
        let set = JWKSet([key.publicKey, key.publicKey])
        #expect(set.keys.count == 1)
        #expect(set.keys[0].kty == "OKP" && set.keys[0].crv == "Ed25519" && set.keys[0].kid == key.keyID)
        #expect(Base64URL.decode(set.keys[0].x) == key.publicKey.rawBytes)
    }
}

/// A manifest names its channel; one of another channel is refused, and one signed before channels existed
/// reads as production's.
@Suite struct ManifestChannelTests {
    @Test func aManifestOfAnotherChannelIsRefused() throws {
        var document = ManifestDocument(iss: "https://h.example", iat: 1, exp: 2, version: 3, release: 4, packs: [])
        document.channel = "beta"
        #expect(throws: Never.self) { try document.check(channel: "beta") }
        #expect(throws: ManifestError.otherChannel(signedFor: "beta", expected: "production")) {
            try document.check(channel: "production")
        }
    }

    @Test func aManifestWithoutAChannelIsProductions() throws {
        let older = #"{"exp":2,"iat":1,"iss":"https://h.example","packs":[],"release":4,"tags":{},"totals":{"essentialBytes":0,"onDemandBytes":0,"prefetchBytes":0},"version":3}"#
        let document = try CanonicalJSON.decode(ManifestDocument.self, from: Array(older.utf8))
        #expect(document.channel == "production" && document.builds == nil)
    }
}
