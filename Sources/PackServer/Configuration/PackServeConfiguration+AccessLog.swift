import Configuration
import HTTPServer

extension PackServeConfiguration {
    /// `accessLog`: one line per response (docs/access-log.md).
    public struct AccessLog: Sendable, Equatable {
        /// nil: off.
        public var format: AccessLogFormat? = .combined
        /// `-` for standard error, else a file (relative to the configuration file's directory).
        public var path = "-"
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
