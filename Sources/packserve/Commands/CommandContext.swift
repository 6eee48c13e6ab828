import ArgumentParser
import Foundation
import Synchronization
import Logging
import PackServer
import PackStore

/// What every subcommand needs first: the configuration (one-line error on a bad one) and logging.
enum CommandContext {
    static func loadConfiguration(path: String?) async throws -> PackServeConfiguration {
        do {
            let config = try await PackServeConfiguration.load(path: path ?? PackServeConfiguration.defaultPath())
            _ = bootstrapLogging(level: config.logLevel)
            return config
        } catch {
            throw CommandFailure(error.description)
        }
    }

    static func openStore(_ config: PackServeConfiguration) throws -> PackStore {
        do {
            return try PackStore(dataDirectory: URL(fileURLWithPath: config.dataDirectory))
        } catch {
            throw CommandFailure(error.description)
        }
    }

    /// Logs go to standard error, so command output on standard output stays clean for scripts.
    /// The first call sets up logging for the process (swift-log allows that once); later calls return a logger.
    static func bootstrapLogging(level: String) -> Logger {
        let logLevel = Logger.Level(rawValue: level) ?? .info
        bootstrapped.withLock { done in
            guard !done else { return }
            done = true
            LoggingSystem.bootstrap { label in
                var handler = StreamLogHandler.standardError(label: label)
                handler.logLevel = logLevel
                return handler
            }
        }
        return Logger(label: "packserve")
    }

    private static let bootstrapped = Mutex(false)
}
