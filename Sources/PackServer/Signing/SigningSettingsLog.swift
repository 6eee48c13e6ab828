import Logging
import Synchronization

/// Warns once per channel signing that another running signer signed with other settings than this server's
/// (docs/reliability.md "One signer"): served as it is, since re-signing it would start two daemons re-signing
/// each other's manifests for ever.
final class SigningSettingsLog: Sendable {
    private let logger: Logger
    /// The newest version warned about, by channel.
    private let warned = Mutex<[String: Int]>([:])

    init(logger: Logger) {
        self.logger = logger
    }

    func record(channel: String, version: Int, profile: String, ours: String) {
        let isNew = warned.withLock { warned in
            guard warned[channel] != version else { return false }
            warned[channel] = version
            return true
        }
        guard isNew else { return }
        logger.warning("""
            \(channel)'s manifest version \(version) was signed with other settings than this server's (\(profile), \
            here \(ours)): serving it as it is; give every signer the same publicBaseURL, manifest.packURLs and \
            signing key
            """)
    }
}
