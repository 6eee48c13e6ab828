import Foundation
import Logging
import Manifest
import PackServer

/// The keys a command signs with and publishes, from the configuration.
struct SigningKeys {
    /// Nil when the private key is not available here (another host signs; this one only serves).
    let signer: ManifestSigner?
    /// The signing key's public half first, then `signing.additionalPublicKeys`.
    let publicKeys: [VerificationKey]

    static func load(_ config: PackServeConfiguration, logger: Logger, required: Bool = false) throws -> SigningKeys {
        var signer: ManifestSigner?
        var publicKeys: [VerificationKey] = []
        do {
            let key = try SigningKeyFile.load(config, logger: logger)
            signer = ManifestSigner(key: key, configuration: config)
            publicKeys.append(key.publicKey)
        } catch {
            if required { throw CommandFailure(error.description) }
            logger.warning("not signing manifests here: \(error)")
        }
        do {
            for path in config.signing.additionalPublicKeys { publicKeys.append(try VerificationKey(pemFile: path)) }
        } catch {
            throw CommandFailure(error.description)
        }
        return SigningKeys(signer: signer, publicKeys: publicKeys)
    }

    /// The public keys manifests may be verified with, for `fsck`: the signing key's public half when its file
    /// exists (never generated here: checking must not create keys), then `signing.additionalPublicKeys`.
    static func verificationKeys(_ config: PackServeConfiguration) throws -> [VerificationKey] {
        let signing = try publicHalf(config).map { [$0] } ?? []
        do {
            return try signing + config.signing.additionalPublicKeys.map { path throws(ManifestError) in try VerificationKey(pemFile: path) }
        } catch {
            throw CommandFailure(error.description)
        }
    }

    /// The public half of the key at `signing.privateKey`, or nil when there is no such file (never generated
    /// here); a key file readable by others is refused, as everywhere else.
    static func publicHalf(_ config: PackServeConfiguration) throws -> VerificationKey? {
        let privateKey = config.signing.privateKey
        guard FileManager.default.fileExists(atPath: privateKey) else { return nil }
        do {
            try PrivateKeyFileMode.refuseShared(privateKey)
            return try SigningKey(pemFile: privateKey).publicKey
        } catch {
            throw CommandFailure(error.description)
        }
    }
}
