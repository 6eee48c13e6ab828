import Configuration
import HTTPServer

extension PackServeConfiguration {
    /// `accessLog`: one line per response (README "Access log").
    public struct AccessLog: Sendable, Equatable {
        /// nil: off.
        public var format: AccessLogFormat? = .combined
        /// `-` for standard error, else a file (relative to the configuration file's directory).
        public var path = "-"
    }

    static var accessLogDefaultValues: [String: ConfigContent] {
        ["accessLog.format": .string("combined"), "accessLog.path": .string("-")]
    }

    mutating func readAccessLog(_ r: ConfigReader) throws {
        let format = try r.requiredString(forKey: "accessLog.format")
        guard format == "off" || AccessLogFormat(rawValue: format) != nil else {
            throw ConfigurationError.key("accessLog.format", "must be \"combined\", \"json\" or \"off\", not \"\(format)\"")
        }
        accessLog.format = AccessLogFormat(rawValue: format)
        accessLog.path = try r.requiredString(forKey: "accessLog.path")
        guard !accessLog.path.isEmpty else { throw ConfigurationError.key("accessLog.path", "must be \"-\" or a file path") }
    }

    /// The writer for this configuration, or nil when the access log is off.
    public func makeAccessLogWriter() throws -> AccessLogWriter? {
        guard let format = accessLog.format else { return nil }
        do {
            return try AccessLogWriter(format: format, path: accessLog.path)
        } catch {
            throw ConfigurationError.key("accessLog.path", error.description)
        }
    }
}
