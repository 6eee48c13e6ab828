import Logging
import Manifest

/// The keys a server or command signs with and publishes, from the configuration.
public struct SigningKeys: Sendable {
    /// Nil when the private key is not available here (another host signs; this one only serves).
    public let signer: ManifestSigner?
    /// The signing key's public half first, then `signing.additionalPublicKeys`.
    public let publicKeys: [VerificationKey]

    /// - Parameter required: throw when the signing key cannot be loaded (a command that signs); otherwise
    ///   log a warning and go on without a signer (a server that only serves).
    public static func load(
        _ config: PackServeConfiguration, logger: Logger, required: Bool = false
    ) throws(ManifestError) -> SigningKeys {
        var signer: ManifestSigner?
        var publicKeys: [VerificationKey] = []
        do {
            let key = try SigningKeyFile.load(config, logger: logger)
            signer = ManifestSigner(key: key, configuration: config)
            publicKeys.append(key.publicKey)
        } catch {
            if required { throw error }
            logger.warning("not signing manifests here: \(error)")
        }
        for path in config.signing.additionalPublicKeys { publicKeys.append(try VerificationKey(pemFile: path)) }
        return SigningKeys(signer: signer, publicKeys: publicKeys)
    }
}
