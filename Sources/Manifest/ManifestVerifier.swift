import JSONText

/// Checks a manifest the way a download client must before trusting it: the JWS signature with a pinned
/// key, the key id, and the expiry. Used by `packserve verify` and by the tests.
public enum ManifestVerifier {
    /// Verifies a compact JWS and returns its document. `now` is seconds since 1970.
    public static func verify(compactJWS: String, key: VerificationKey, now: Int64) throws(ManifestError)
        -> ManifestDocument
    {
        try document(from: verifiedPayload(compactJWS: compactJWS, key: key), now: now)
    }

    /// Verifies a compact JWS's header and signature and returns its payload bytes, without decoding them
    /// or looking at the expiry (`fsck` checks every stored manifest, expired ones included, and a payload
    /// of 100,000 packs is slow to decode).
    public static func verifiedPayload(compactJWS: String, key: VerificationKey) throws(ManifestError) -> [UInt8] {
        let parts = compactJWS.split(whereSeparator: \.isNewline).joined().split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerBytes = Base64URL.decode(parts[0]), let payload = Base64URL.decode(parts[1]),
              let signature = Base64URL.decode(parts[2])
        else { throw .malformed("not a compact JWS (three base64url parts)") }
        guard let header = try? CanonicalJSON.decode(JWSHeader.self, from: headerBytes), header.alg == "EdDSA" else {
            throw .malformed("the JWS header is not an EdDSA header")
        }
        guard header.kid == key.keyID else { throw .unknownKeyID(header.kid) }
        let signingInput = Array("\(parts[0]).\(parts[1])".utf8)
        guard key.isValidSignature(signature, for: signingInput) else { throw .badSignature }
        return payload
    }

    /// Verifies `/manifest.json` bytes against the raw signature of `/manifest.json.sig`.
    public static func verify(payload: [UInt8], signature: [UInt8], key: VerificationKey, now: Int64)
        throws(ManifestError) -> ManifestDocument
    {
        guard key.isValidSignature(signature, for: payload) else { throw .badSignature }
        return try document(from: payload, now: now)
    }

    private static func document(from payload: [UInt8], now: Int64) throws(ManifestError) -> ManifestDocument {
        guard let document = try? CanonicalJSON.decode(ManifestDocument.self, from: payload) else {
            throw .malformed("the payload is not a manifest document")
        }
        guard document.exp > now else { throw .expired(exp: document.exp, now: now) }
        return document
    }
}
