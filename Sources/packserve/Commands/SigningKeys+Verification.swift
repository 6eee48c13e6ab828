import Foundation
import Manifest
import PackServer

/// What `fsck` and `key` need of the configured keys: the public halves only, never generating a key.
extension SigningKeys {
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
