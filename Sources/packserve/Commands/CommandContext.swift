import ArgumentParser
import Foundation
import Logging
import PackServer
import PackStore

/// What every subcommand needs first: the configuration (one-line error on a bad one) and logging.
enum CommandContext {
    static func loadConfiguration(path: String?) async throws -> PackServeConfiguration {
        do {
            return try await PackServeConfiguration.load(path: path ?? PackServeConfiguration.defaultPath())
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
    static func bootstrapLogging(level: String) -> Logger {
        let logLevel = Logger.Level(rawValue: level) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = logLevel
            return handler
        }
        return Logger(label: "packserve")
    }
}
