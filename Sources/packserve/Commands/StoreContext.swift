import Foundation
import Logging
import Manifest
import PackServer
import PackStore

/// The configuration and opened pack store a draft or release command works on.
struct StoreContext {
    let config: PackServeConfiguration
    let store: PackStore

    static func open(configPath: String?) async throws -> StoreContext {
        let config = try await CommandContext.loadConfiguration(path: configPath)
        return StoreContext(config: config, store: try CommandContext.openStore(config))
    }

    /// The signer for `publish` and `rollback`, loaded before anything is written: a release must not be
    /// made when its manifest cannot be signed.
    func signer() throws -> ManifestSigner {
        let logger = CommandContext.bootstrapLogging(level: config.logLevel)
        let keys: SigningKeys
        do { keys = try SigningKeys.load(config, logger: logger, required: true) } catch { throw CommandFailure(error.description) }
        guard let signer = keys.signer else { throw CommandFailure("no signing key") }
        return signer
    }
}
