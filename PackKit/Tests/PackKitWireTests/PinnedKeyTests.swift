import PackKitWire
import Testing

@Suite struct PinnedKeyTests {
    /// Written by `openssl pkey -pubout` (the same SPKI PEM `packserve key` prints); the raw key and the key
    /// id were computed independently (Python: base64 of DER[12:], sha256(raw)[:8] in hex).
    static let pem = """
        -----BEGIN PUBLIC KEY-----
        MCowBQYDK2VwAyEAmYZlIQJwYT17JIAQt5Mihn8IEzPQpxdIBySnV1by0zM=
        -----END PUBLIC KEY-----

        """
    static let rawBase64 = "mYZlIQJwYT17JIAQt5Mihn8IEzPQpxdIBySnV1by0zM="

    @Test func readsTheSPKIPEMAndNamesTheServersKeyID() throws {
        let key = try PinnedKey(pem: Self.pem)
        #expect(key.keyID == "7622adabec6b398a")
        #expect(key == (try PinnedKey(base64: Self.rawBase64)))
        #expect(key.pem == Self.pem)
    }

    @Test func readsAPEMWithTextAroundIt() throws {
        let printed = "some banner\n" + Self.pem + "key id:      7622adabec6b398a\n"
        #expect(try PinnedKey(pem: printed).keyID == "7622adabec6b398a")
    }

    @Test func refusesOtherKeys() {
        // An RSA SPKI header (OID 1.2.840.113549.1.1.1) in place of Ed25519's.
        let rsa = "-----BEGIN PUBLIC KEY-----\nMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQ==\n-----END PUBLIC KEY-----\n"
        #expect(throws: PinnedKeyError.self) { try PinnedKey(pem: rsa) }
        #expect(throws: PinnedKeyError.notPEM) { try PinnedKey(pem: "hello") }
        #expect(throws: PinnedKeyError.self) { try PinnedKey(base64: "AAAA") }
    }
}
