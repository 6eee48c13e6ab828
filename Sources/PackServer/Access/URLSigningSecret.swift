import Crypto
import DurableFiles
import Foundation
import Logging
import Manifest

/// The HMAC key of signed pack URLs (docs/api.md "Private packs"): 32 random bytes, base64 on one line, in
/// `url-signing.secret` beside the manifest signing key — made like that key (when
/// `signing.generateIfMissing` allows, mode 0600, never overwritten) and backed up with it. Replacing it
/// invalidates every signed URL issued so far.
public enum URLSigningSecret {
    public static let fileName = "url-signing.secret"

    public static func path(for configuration: PackServeConfiguration) -> String {
        let directory = (configuration.signing.privateKey as NSString).deletingLastPathComponent
        return (directory.isEmpty ? "." : directory) + "/" + fileName
    }

    /// The secret, made first if missing and allowed; nil when it is missing and may not be made (this server
    /// then accepts only `download` tokens for private packs).
    public static func load(_ configuration: PackServeConfiguration, logger: Logger) throws(ManifestError) -> SymmetricKey? {
        let path = path(for: configuration)
        if FileManager.default.fileExists(atPath: path) { return try read(path) }
        guard configuration.signing.generateIfMissing else { return nil }
        let key = SymmetricKey(size: .bits256)
        let line = key.withUnsafeBytes { Data($0).base64EncodedString() } + "\n"
        do {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try AtomicFiles.write([.init(path: path, bytes: Array(line.utf8), mode: [.ownerReadWrite])])
        } catch let failure as AtomicFiles.Failure {
            throw .write(path: failure.path, errno: failure.errno.rawValue)
        } catch {
            throw .keyFile(path: path, problem: "cannot be created: \(error.localizedDescription)")
        }
        logger.notice("generated the URL-signing secret for private packs at \(path); keep it with the signing key")
        return key
    }

    /// Reads an existing secret; a file that is not 32 bytes of base64 is refused (a truncated secret would
    /// sign with a weaker key without saying so), and so is one that group or others may read.
    public static func read(_ path: String) throws(ManifestError) -> SymmetricKey {
        try PrivateKeyFileMode.refuseShared(path)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .keyFile(path: path, problem: "cannot be read")
        }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let bytes = Data(base64Encoded: text), bytes.count == 32 else {
            throw .keyFile(path: path, problem: "is not a URL-signing secret (32 bytes in base64 on one line)")
        }
        return SymmetricKey(data: bytes)
    }
}
