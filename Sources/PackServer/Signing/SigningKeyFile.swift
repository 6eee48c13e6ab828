import Foundation
import Logging
import Manifest

/// The private key at `signing.privateKey`: read it, or create it when `generateIfMissing` allows.
public enum SigningKeyFile {
    public static func load(_ configuration: PackServeConfiguration, logger: Logger) throws(ManifestError) -> SigningKey {
        let path = configuration.signing.privateKey
        if FileManager.default.fileExists(atPath: path) {
            try PrivateKeyFileMode.refuseShared(path)
            return try SigningKey(pemFile: path)
        }
        guard configuration.signing.generateIfMissing else {
            throw .keyFile(path: path, problem: "does not exist (create one with packserve keygen, or set signing.generateIfMissing)")
        }
        let key = SigningKey()
        try key.writePrivateKey(to: path)
        logger.warning(
            "generated a new manifest signing key at \(path) (key id \(key.keyID)); back it up: apps pin its public key, and losing it means shipping a new key")
        return key
    }
}
