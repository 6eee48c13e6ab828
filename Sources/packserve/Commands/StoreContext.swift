import Foundation
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
}
