import Crypto
import CryptoExtras
import Foundation

/// The Ed25519 key manifests are signed with, and the identity clients pin.
public struct SigningKey: Sendable {
    public let privateKey: Curve25519.Signing.PrivateKey

    public init(_ privateKey: Curve25519.Signing.PrivateKey = .init()) {
        self.privateKey = privateKey
    }

    /// Reads a PKCS#8 PEM private key (as `keygen` writes it).
    public init(pemFile path: String) throws(ManifestError) {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw .keyFile(path: path, problem: "cannot be read")
        }
        do {
            privateKey = try .init(pemRepresentation: text)
        } catch {
            throw .keyFile(path: path, problem: "is not a PKCS#8 PEM Ed25519 private key")
        }
    }

    public var publicKey: VerificationKey { VerificationKey(privateKey.publicKey) }

    public var keyID: String { publicKey.keyID }

    /// PKCS#8 PEM, the form `keygen` writes with mode 0600.
    public var privateKeyPEM: String { privateKey.pemRepresentation }

    public func sign(_ bytes: [UInt8]) throws -> [UInt8] {
        Array(try privateKey.signature(for: bytes))
    }

    /// Writes the private key as PKCS#8 PEM, readable by the owner only, atomically (temp file, fsync,
    /// rename), never replacing an existing key.
    public func writePrivateKey(to path: String) throws(ManifestError) {
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .keyFile(path: directory, problem: "cannot be created")
        }
        guard !FileManager.default.fileExists(atPath: path) else {
            throw .keyFile(path: path, problem: "already exists; refusing to overwrite a signing key")
        }
        try SecureFile.write(Array(privateKeyPEM.utf8), to: path, mode: [.ownerReadWrite])
    }
}
