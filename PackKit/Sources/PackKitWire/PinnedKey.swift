import Crypto

/// An Ed25519 public key an app trusts to sign its manifests, compiled into the app or shipped beside it.
///
/// Built from any of the forms `packserve key` prints: the SPKI PEM, or the raw 32 bytes in base64.
public struct PinnedKey: Sendable, Hashable, CustomStringConvertible {
    /// The 32-byte Ed25519 public key (RFC 8032 §5.1.5).
    public let rawRepresentation: [UInt8]
    /// The JWS `kid` the server writes for this key: lowercase hex of the first 8 bytes of SHA-256 over the
    /// raw public key.
    public let keyID: String

    /// The DER prefix of an Ed25519 SubjectPublicKeyInfo (RFC 8410 §4): SEQUENCE { SEQUENCE { OID
    /// 1.3.101.112 }, BIT STRING (0 unused bits) }, followed by the 32 key bytes. Every Ed25519 SPKI has
    /// exactly these 12 bytes, so no ASN.1 parser is needed (and swift-crypto 3.x has no Curve25519 PEM).
    static let spkiPrefix: [UInt8] = [0x30, 0x2A, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x03, 0x21, 0x00]

    /// A key from its raw 32 bytes.
    public init(rawRepresentation bytes: [UInt8]) throws(PinnedKeyError) {
        guard bytes.count == 32, (try? Curve25519.Signing.PublicKey(rawRepresentation: bytes)) != nil else {
            throw .notEd25519("a raw Ed25519 public key is 32 bytes, not \(bytes.count)")
        }
        rawRepresentation = bytes
        keyID = HexDigest.string(HexDigest.sha256Bytes(bytes).prefix(8))
    }

    /// A key from the base64 (or base64url) of its raw 32 bytes, the form `packserve key` prints for pinning.
    public init(base64 text: String) throws(PinnedKeyError) {
        let trimmed = text.trimmingASCIIWhitespace()
        guard let bytes = StandardBase64.decode(trimmed) ?? Base64URL.decode(trimmed) else {
            throw .notEd25519("not base64")
        }
        try self.init(rawRepresentation: bytes)
    }

    /// A key from an SPKI PEM document (`-----BEGIN PUBLIC KEY-----`, RFC 7468 §13), as `packserve key`
    /// and `keygen` write it.
    public init(pem text: String) throws(PinnedKeyError) {
        let lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).map { $0.trimmingASCIIWhitespace() }
        guard let begin = lines.firstIndex(of: "-----BEGIN PUBLIC KEY-----"),
              let end = lines[begin...].firstIndex(of: "-----END PUBLIC KEY-----")
        else { throw .notPEM }
        guard let der = StandardBase64.decode(lines[(begin + 1)..<end].joined()) else { throw .notPEM }
        guard der.count == Self.spkiPrefix.count + 32, der.starts(with: Self.spkiPrefix) else {
            throw .notEd25519("the PEM holds a public key that is not Ed25519 (SPKI, RFC 8410)")
        }
        try self.init(rawRepresentation: Array(der.dropFirst(Self.spkiPrefix.count)))
    }

    /// The SPKI PEM form.
    public var pem: String {
        let body = StandardBase64.encode(Self.spkiPrefix + rawRepresentation)
        return "-----BEGIN PUBLIC KEY-----\n\(body)\n-----END PUBLIC KEY-----\n"
    }

    /// Whether `signature` is this key's Ed25519 signature over `message` (RFC 8032 §5.1.7).
    /// The key object is made per call rather than stored: swift-crypto 3.x does not mark it `Sendable`,
    /// and making it from 32 bytes costs nothing next to a signature check.
    public func isValidSignature(_ signature: [UInt8], for message: [UInt8]) -> Bool {
        guard signature.count == 64, let key = try? Curve25519.Signing.PublicKey(rawRepresentation: rawRepresentation) else {
            return false
        }
        return key.isValidSignature(signature, for: message)
    }

    public var description: String { "Ed25519 key \(keyID)" }

    public static func == (left: PinnedKey, right: PinnedKey) -> Bool { left.rawRepresentation == right.rawRepresentation }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawRepresentation) }
}
