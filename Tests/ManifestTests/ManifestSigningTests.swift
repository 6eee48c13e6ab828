import Crypto
import Foundation
import JSONText
import Manifest
import PackKitWire
import Testing

/// PackKit's verifier pinned to `key` (exact: no clock-skew leeway), as `packserve verify` and an app check.
func verifier(pinning key: VerificationKey, channel: String = "production") throws -> ManifestVerifier {
    ManifestVerifier(keys: [try PinnedKey(rawRepresentation: key.rawBytes)], channel: channel, clockSkewLeeway: .zero)
}

func at(_ seconds: Int64) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }

@Suite struct ManifestSigningTests {
    let key = SigningKey()

    func document(version: Int = 7, exp: Int64 = 2_000_000_000) -> PackManifest {
        PackManifest(
            iss: "https://assets.example.com", iat: 1_763_769_600, exp: exp, version: version, release: 4,
            packs: [
                PackDescriptor(id: "level-5", version: 3, url: "https://assets.example.com/blobs/sha256/aa", size: 10,
                             sha256: "aa", tags: ["level-5", "forest"], policy: .prefetch, order: 1, contentType: "application/zip"),
                PackDescriptor(id: "base", version: 1, url: "https://assets.example.com/blobs/sha256/bb", size: 5,
                             sha256: "bb", tags: ["forest"], policy: .essential, order: 0, contentType: "application/octet-stream"),
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

    /// What the server signs, an app accepts: both forms, with the same payload and document.
    @Test func bothSignaturesVerifyAndRoundTripTheDocument() throws {
        let signed = try SignedManifest(document: document(), key: key)
        #expect(signed.payloadSignature.count == 64)
        let check = try verifier(pinning: key.publicKey)
        let viaJWS = try check.verify(compactJWS: Array(signed.compactJWS.utf8), now: at(1_800_000_000))
        let viaRaw = try check.verify(payload: signed.payload, detachedSignature: signed.payloadSignature, now: at(1_800_000_000))
        for verified in [viaJWS, viaRaw] {
            #expect(verified.payload == signed.payload && verified.keyID == key.keyID)
            #expect(verified.manifest.version == 7 && verified.manifest.release == 4)
            #expect(verified.manifest.packs.map(\.id) == ["base", "level-5"] && verified.manifest.tags == document().tags)
        }
        let header = try #require(Base64URL.decode(signed.compactJWS.split(separator: ".")[0]))
        #expect(String(decoding: header, as: UTF8.self) == #"{"alg":"EdDSA","kid":"\#(key.keyID)","typ":"JWT"}"#)
    }

    @Test func aTamperedPayloadFailsBothChecks() throws {
        let signed = try SignedManifest(document: document(), key: key)
        var payload = signed.payload
        payload[payload.count / 2] ^= 0x01
        let check = try verifier(pinning: key.publicKey)
        #expect(throws: ManifestVerificationError.badSignature) {
            try check.verify(payload: payload, detachedSignature: signed.payloadSignature, now: at(0))
        }
        let parts = signed.compactJWS.split(separator: ".")
        let forged = "\(parts[0]).\(Base64URL.encode(payload)).\(parts[2])"
        #expect(throws: ManifestVerificationError.badSignature) {
            try check.verify(compactJWS: Array(forged.utf8), now: at(0))
        }
    }

    @Test func anotherKeyOrAnExpiredManifestIsRefused() throws {
        let signed = try SignedManifest(document: document(exp: 1_000), key: key)
        #expect(throws: ManifestVerificationError.unknownKeyID(key.keyID)) {
            try verifier(pinning: SigningKey().publicKey).verify(compactJWS: Array(signed.compactJWS.utf8), now: at(0))
        }
        #expect(throws: ManifestVerificationError.expired(exp: 1_000, now: 1_001)) {
            try verifier(pinning: key.publicKey).verify(compactJWS: Array(signed.compactJWS.utf8), now: at(1_001))
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
        var document = PackManifest(iss: "https://h.example", iat: 1, exp: 2, version: 3, release: 4, packs: [])
        document.channel = "beta"
        let key = SigningKey()
        let jws = Array(try SignedManifest(document: document, key: key).compactJWS.utf8)
        #expect(throws: Never.self) { try verifier(pinning: key.publicKey, channel: "beta").verify(compactJWS: jws, now: at(1)) }
        #expect(throws: ManifestVerificationError.otherChannel(signedFor: "beta", expected: "production")) {
            try verifier(pinning: key.publicKey).verify(compactJWS: jws, now: at(1))
        }
    }

    @Test func aManifestWithoutAChannelIsProductions() throws {
        let older = #"{"exp":2,"iat":1,"iss":"https://h.example","packs":[],"release":4,"tags":{},"totals":{"essentialBytes":0,"onDemandBytes":0,"prefetchBytes":0},"version":3}"#
        let document = try CanonicalJSON.decode(PackManifest.self, from: Array(older.utf8))
        #expect(document.channel == "production" && document.builds == nil)
    }
}
