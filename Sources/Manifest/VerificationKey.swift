import Crypto
import CryptoExtras
import Foundation
import Hex

/// An Ed25519 public key that verifies manifests.
public struct VerificationKey: Sendable, Hashable {
    public let key: Curve25519.Signing.PublicKey

    public init(_ key: Curve25519.Signing.PublicKey) {
        self.key = key
    }

    /// Reads an SPKI PEM public key (as `keygen` writes it).
    public init(pemFile path: String) throws(ManifestError) {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw .keyFile(path: path, problem: "cannot be read")
        }
        guard let key = try? Curve25519.Signing.PublicKey(pemRepresentation: text) else {
            throw .keyFile(path: path, problem: "is not an SPKI PEM Ed25519 public key")
        }
        self.key = key
    }

    /// The raw 32-byte key, for pinning in an app (`Curve25519.Signing.PublicKey(rawRepresentation:)`).
    public var rawBytes: [UInt8] { Array(key.rawRepresentation) }

    /// docs/api.md: lowercase hex of the first 8 bytes of SHA-256 over the raw 32-byte public key.
    public var keyID: String {
        Hex.string(SHA256.hash(data: rawBytes).prefix(8))
    }

    public var pem: String { key.pemRepresentation }

    /// Writes the SPKI PEM form (world-readable: it is public), refusing to replace an existing file.
    public func writePEM(to path: String) throws(ManifestError) {
        guard !FileManager.default.fileExists(atPath: path) else {
            throw .keyFile(path: path, problem: "already exists; refusing to overwrite it")
        }
        try SecureFile.write(Array(pem.utf8), to: path, mode: [.ownerReadWrite, .groupRead, .otherRead])
    }

    public func isValidSignature(_ signature: [UInt8], for bytes: [UInt8]) -> Bool {
        key.isValidSignature(signature, for: bytes)
    }

    public static func == (a: VerificationKey, b: VerificationKey) -> Bool { a.rawBytes == b.rawBytes }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawBytes) }
}
