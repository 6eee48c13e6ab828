import JSONText
import PackKitWire

/// A manifest signed two ways over the same payload bytes (docs/api.md "HTTP"):
/// `/manifest` is a compact JWS (RFC 7515 §7.1) for JOSE libraries; `/manifest.json` is the payload and
/// `/manifest.json.sig` the raw Ed25519 signature over exactly those bytes, for `openssl pkeyutl`-style checks.
public struct SignedManifest: Sendable {
    public let document: PackManifest
    /// The JWS payload: canonical JSON of `document` (the bytes `CanonicalJSON.encode` would give, written
    /// by `ManifestPayloadWriter` because `JSONEncoder` is too slow for 100,000 packs).
    public let payload: [UInt8]
    /// Ed25519 over `payload`.
    public let payloadSignature: [UInt8]
    /// The compact JWS without its payload part (`DetachedJWS`), as the index keeps it.
    public let detachedJWS: DetachedJWS
    /// `header.payload.signature`, base64url, the signature over `header.payload` (RFC 7515 §5.1).
    public var compactJWS: String { String(decoding: detachedJWS.attaching(payload: payload), as: UTF8.self) }
    public let keyID: String

    /// Signs `document` with `key`.
    public init(document: PackManifest, key: SigningKey) throws {
        self.document = document
        keyID = key.keyID
        payload = ManifestPayloadWriter.encode(document)
        payloadSignature = try key.sign(payload)
        let header = try CanonicalJSON.encode(JWSHeader(alg: "EdDSA", kid: key.keyID, typ: "JWT"))
        let encodedHeader = Base64URL.encode(header)
        // The signing input `header.payload` (RFC 7515 §5.1), built as bytes: the payload's encoding is tens of
        // megabytes, and every String step copied it.
        var input: [UInt8] = []
        input.reserveCapacity(encodedHeader.utf8.count + 1 + (payload.count + 2) / 3 * 4)
        input.append(contentsOf: encodedHeader.utf8)
        input.append(UInt8(ascii: "."))
        Base64URL.append(payload, to: &input)
        detachedJWS = DetachedJWS(header: encodedHeader, signature: Base64URL.encode(try key.sign(input)))
    }
}

/// The JOSE header of a manifest JWS (RFC 8037 §3.1: `alg` EdDSA for Ed25519).
struct JWSHeader: Codable {
    let alg: String
    let kid: String
    let typ: String?
}
