/// The access log's file could not be opened.
public struct AccessLogError: Error, CustomStringConvertible, Sendable {
    public let path: String
    public let reason: String
    public var description: String { "cannot open the access log \(path): \(reason)" }
}
